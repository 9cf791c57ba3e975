import {
  type TCaptureRequest,
  type TSubmissionAccepted,
  ZSubmissionAccepted,
} from '@spacecapture/shared/contracts/public-forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const CAPTURE_REQUESTS_PATH = '/api/public/capture-requests';

type TSubmitCaptureRequestArgs = { values: TCaptureRequest; idempotencyKey: string };

/** POST /api/public/capture-requests (JSON) → 201 { id }. */
export function submitCaptureRequest({
  values,
  idempotencyKey,
}: TSubmitCaptureRequestArgs): Promise<TSubmissionAccepted> {
  return apiRequest(CAPTURE_REQUESTS_PATH, {
    method: 'POST',
    json: values,
    idempotencyKey,
    schema: ZSubmissionAccepted,
  });
}

export function useSubmitCaptureRequest() {
  return useMutation({ mutationFn: submitCaptureRequest });
}
