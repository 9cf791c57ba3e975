import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/public/shares/:token/deliverables/:id/link → a signed link to one shared file, valid 300 seconds. */
export function createSharedDownloadLink(token: string, fileId: string) {
  return apiRequest(`/api/public/shares/${encodeURIComponent(token)}/deliverables/${encodeURIComponent(fileId)}/link`, {
    method: 'POST',
    json: {},
    schema: ZDownloadLink,
  });
}

export function useCreateSharedDownloadLink(token: string) {
  return useMutation({ mutationFn: (fileId: string) => createSharedDownloadLink(token, fileId) });
}
