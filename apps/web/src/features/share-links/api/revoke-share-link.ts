import { type TShareLink, ZShareLink } from '@spacecapture/shared/contracts/share-links';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { shareLinkKeys, type TShareSubject } from './share-link-keys.ts';

/** POST /api/customer/share-links/:id/revoke: the link stops opening the files at once. */
export function revokeShareLink(id: string) {
  return sendJson(`/api/customer/share-links/${encodeURIComponent(id)}/revoke`, {}, ZShareLink);
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useRevokeShareLink(subject: TShareSubject, options: { onSuccess?: (data: TShareLink) => void } = {}) {
  return useRefreshingMutation(shareLinkKeys.of(subject), {
    mutationFn: revokeShareLink,
    onSuccess: (data) => options.onSuccess?.(data),
  });
}
