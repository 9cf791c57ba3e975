import {
  type TCreatedShareLink,
  type TCreateShareLinkRequest,
  ZCreatedShareLink,
} from '@spacecapture/shared/contracts/share-links';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { shareLinkKeys } from './share-link-keys.ts';

/** POST /api/customer/orders/:id/share-links: the answer holds the link, shown only this once. */
export function createShareLink(orderId: string, request: TCreateShareLinkRequest) {
  return sendJson(`/api/customer/orders/${encodeURIComponent(orderId)}/share-links`, request, ZCreatedShareLink);
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useCreateShareLink(orderId: string, options: { onSuccess?: (data: TCreatedShareLink) => void } = {}) {
  return useRefreshingMutation(shareLinkKeys.ofOrder(orderId), {
    mutationFn: (request: TCreateShareLinkRequest) => createShareLink(orderId, request),
    onSuccess: (data) => options.onSuccess?.(data),
  });
}
