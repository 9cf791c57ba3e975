import { notifications } from '@mantine/notifications';
import type { TToast } from '@spacecapture/shared/messages';

/** Toasts (Mantine notifications; the shell shows at most one at a time). */
export function notifySuccess(toast: TToast) {
  notifications.show({ title: toast.title, message: toast.message, color: 'teal' });
}

/** A destructive toast: red. */
export function notifyError(toast: TToast) {
  notifications.show({ title: toast.title, message: toast.message, color: 'red' });
}
