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

/** The server's message of a failure, or the fallback when there is none (network failure). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export const NETWORK_FALLBACK = 'Could not reach the server. Please try again.';
