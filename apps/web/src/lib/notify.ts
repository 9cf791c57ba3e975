import { notifications } from '@mantine/notifications';
import type { TToast } from '@spacecapture/shared/messages';

/** Ids of the error toasts still on screen: a success hides them, so no stale error sits over it. */
const shownErrors = new Set<string>();

/**
 * Toasts (Mantine notifications; the shell stacks a few, newest last). Raise a success toast from
 * the mutation's own `onSuccess` (in its hook), never from a component's `mutate(…, { onSuccess })`:
 * a success that removes the component would take its callback with it (decision 097).
 */
export function notifySuccess(toast: TToast) {
  for (const id of shownErrors) notifications.hide(id);
  shownErrors.clear();
  notifications.show({ title: toast.title, message: toast.message, color: 'teal' });
}

/** A destructive toast: red. The next success toast hides it. */
export function notifyError(toast: TToast) {
  const id = notifications.show({
    title: toast.title,
    message: toast.message,
    color: 'red',
    onClose: ({ id: closed }) => {
      if (closed) shownErrors.delete(closed);
    },
  });
  shownErrors.add(id);
}

/** The server's message of a failure, or the fallback when there is none (network failure). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export const NETWORK_FALLBACK = 'Could not reach the server. Please try again.';
