import { ZShareLinkList } from '@spacecapture/shared/contracts/share-links';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { shareLinkKeys } from './share-link-keys.ts';

/** GET /api/customer/orders/:id/share-links → the order's links, newest first, with views. */
export function shareLinksQueryOptions(orderId: string) {
  return endpointQuery(
    shareLinkKeys.ofOrder(orderId),
    `/api/customer/orders/${encodeURIComponent(orderId)}/share-links`,
    ZShareLinkList,
  );
}

export function useShareLinks(orderId: string) {
  return useQuery(shareLinksQueryOptions(orderId));
}
