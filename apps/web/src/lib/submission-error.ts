import { TOASTS, type TToast } from '@spacecapture/shared/messages';
import { ApiError } from './api-client.ts';
import { notifyError } from './notify.ts';

type THandleSubmissionErrorOptions = {
  /** Shows a server message under a field; returns false when the form has no such field. */
  setFieldError: (field: string, message: string) => boolean;
  /** The toast for a failure that is not about fields (default: titled Error, server message or fallback). */
  failureToast?: (message: string) => TToast;
};

function defaultFailureToast(message: string): TToast {
  return { title: TOASTS.submissionFailedTitle, message: message || TOASTS.submissionFailedFallback };
}

/**
 * The one reaction to a failed public submission: field messages of a 400 go under their fields;
 * a 429 shows the server's message; anything else (server error, network failure) a destructive toast.
 */
export function handleSubmissionError(error: unknown, options: THandleSubmissionErrorOptions) {
  const apiError = error instanceof ApiError ? error : null;
  if (apiError && apiError.status === 400) {
    const entries = Object.entries(apiError.fields);
    const shown = entries.filter(([field, message]) => options.setFieldError(field, message));
    if (shown.length > 0 && shown.length === entries.length) return;
  }
  if (apiError && apiError.status === 429) {
    notifyError(defaultFailureToast(apiError.message));
    return;
  }
  const message = error instanceof Error ? error.message : '';
  notifyError((options.failureToast ?? defaultFailureToast)(message));
}
