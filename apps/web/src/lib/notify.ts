import { notifications } from '@mantine/notifications';
import type { TToast } from '@spacecapture/shared/messages';

/**
 * Toasts (Mantine notifications): at most one on screen, as the product has it. A new toast
 * replaces the one shown at once, so it never waits behind an older one and no stale error sits
 * over a newer success. Raise a success toast from the mutation's own `onSuccess` (in its hook),
 * never from a component's `mutate(…, { onSuccess })`: a success that removes the component would
 * take its callback with it (decision 097).
 */
function replaceShown(toast: TToast, color: 'teal' | 'red') {
  notifications.clean();
  // The close button is an icon: it needs a name of its own (axe's button-name).
  notifications.show({
    title: toast.title,
    message: toast.message,
    color,
    closeButtonProps: { 'aria-label': 'Dismiss' },
  });
}

export function notifySuccess(toast: TToast) {
  replaceShown(toast, 'teal');
}

/** A destructive toast: red. */
export function notifyError(toast: TToast) {
  replaceShown(toast, 'red');
}

/** The server's message of a failure, or the fallback when there is none (network failure). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export const NETWORK_FALLBACK = 'Could not reach the server. Please try again.';
