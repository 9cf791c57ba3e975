import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/** POST /api/public/shares/:token/deliverables/:id/link → a signed link to one shared file, valid 300 seconds. */
export function createSharedDownloadLink(token: string, fileId: string) {
  return sendJson(
    `/api/public/shares/${encodeURIComponent(token)}/deliverables/${encodeURIComponent(fileId)}/link`,
    {},
    ZDownloadLink,
  );
}

export function useCreateSharedDownloadLink(token: string) {
  return useMutation({ mutationFn: (fileId: string) => createSharedDownloadLink(token, fileId) });
}
