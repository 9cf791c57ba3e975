import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/** POST /api/customer/deliverables/:id/link → { url, expiresAt }: a signed link valid 300 seconds. */
export function createDownloadLink(deliverableId: string) {
  return sendJson(`/api/customer/deliverables/${encodeURIComponent(deliverableId)}/link`, {}, ZDownloadLink);
}

export function useCreateDownloadLink() {
  return useMutation({ mutationFn: createDownloadLink });
}
