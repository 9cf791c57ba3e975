import {
  type TCreatedShareLink,
  type TCreateShareLinkRequest,
  ZCreatedShareLink,
} from '@spacecapture/shared/contracts/share-links';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { shareLinkKeys, shareLinksPathOf, type TShareSubject } from './share-link-keys.ts';

/** POST /api/customer/{orders/:id|properties/:propertyId}/share-links: the answer holds the link, shown only this once. */
export function createShareLink(subject: TShareSubject, request: TCreateShareLinkRequest) {
  return sendJson(shareLinksPathOf(subject), request, ZCreatedShareLink);
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useCreateShareLink(
  subject: TShareSubject,
  options: { onSuccess?: (data: TCreatedShareLink) => void } = {},
) {
  return useRefreshingMutation(shareLinkKeys.of(subject), {
    mutationFn: (request: TCreateShareLinkRequest) => createShareLink(subject, request),
    onSuccess: (data) => options.onSuccess?.(data),
  });
}
