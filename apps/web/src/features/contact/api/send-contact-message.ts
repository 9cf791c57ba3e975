import {
  type TContactMessageRequest,
  type TSubmissionAccepted,
  ZSubmissionAccepted,
} from '@spacecapture/shared/contracts/public-forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const CONTACT_MESSAGES_PATH = '/api/public/contact-messages';

type TSendContactMessageArgs = { values: TContactMessageRequest; idempotencyKey: string };

/** POST /api/public/contact-messages (JSON) → 201 { id }. */
export function sendContactMessage({ values, idempotencyKey }: TSendContactMessageArgs): Promise<TSubmissionAccepted> {
  return apiRequest(CONTACT_MESSAGES_PATH, {
    method: 'POST',
    json: values,
    idempotencyKey,
    schema: ZSubmissionAccepted,
  });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
