import type { TToast } from '@spacecapture/shared/messages';
import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useFormAttemptKey } from '../../lib/idempotency-key.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { handleSubmissionError } from '../../lib/submission-error.ts';

type TPublicFormSubmitOptions<TInput extends FieldValues, TOutput> = {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** The form's fields: a server message about one of them goes under it. */
  fields: readonly Path<TInput>[];
  /** Sends the values once with this attempt's Idempotency-Key. */
  send: (values: TOutput, idempotencyKey: string) => Promise<unknown>;
  successToast: TToast;
  /** The toast of a failure that is not about fields (default: handleSubmissionError's). */
  failureToast?: (message: string) => TToast;
  /** A server message about a value kept outside the form (a file); true when it was shown. */
  setOtherFieldError?: (field: string, message: string) => boolean;
  /** A check outside the schema, run before sending; false stops the submit. */
  check?: () => boolean;
  /** Runs when the schema refused the values (its messages are already under the fields). */
  onInvalid?: () => void;
  /** Runs after a success, before the success panel shows (clearing the fields). */
  onSent?: () => void;
};

/**
 * The submit logic the public forms share (request, provider application, contact): one
 * Idempotency-Key per attempt (a new one once the values change), server field messages under
 * their fields, other failures as a toast, and on success a toast and the success panel.
 */
export function usePublicFormSubmit<TInput extends FieldValues, TOutput>(
  options: TPublicFormSubmitOptions<TInput, TOutput>,
) {
  const [submitted, setSubmitted] = useState(false);
  const { form } = options;
  const idempotencyKey = useFormAttemptKey(form.watch);

  const onSubmit = form.handleSubmit(async (values) => {
    if (options.check && !options.check()) return;
    try {
      await options.send(values, idempotencyKey.current());
    } catch (error) {
      handleSubmissionError(error, {
        setFieldError: (field, message) => {
          if (options.setOtherFieldError?.(field, message)) return true;
          if (!(options.fields as readonly string[]).includes(field)) return false;
          form.setError(field as Path<TInput>, { type: 'server', message }, { shouldFocus: true });
          return true;
        },
        ...(options.failureToast ? { failureToast: options.failureToast } : {}),
      });
      return;
    }
    options.onSent?.();
    idempotencyKey.reset();
    setSubmitted(true);
    notifySuccess(options.successToast);
  }, options.onInvalid);

  return { onSubmit, submitted, setSubmitted, resetIdempotencyKey: idempotencyKey.reset };
}
