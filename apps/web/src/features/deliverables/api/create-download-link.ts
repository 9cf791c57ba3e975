import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/customer/deliverables/:id/link → { url, expiresAt }: a signed link valid 300 seconds. */
export function createDownloadLink(deliverableId: string) {
  return apiRequest(`/api/customer/deliverables/${encodeURIComponent(deliverableId)}/link`, {
    method: 'POST',
    json: {},
    schema: ZDownloadLink,
  });
}

export function useCreateDownloadLink() {
  return useMutation({ mutationFn: createDownloadLink });
}
