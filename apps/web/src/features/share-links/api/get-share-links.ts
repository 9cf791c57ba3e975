import { ZShareLinkList } from '@spacecapture/shared/contracts/share-links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { shareLinkKeys } from './share-link-keys.ts';

/** GET /api/customer/orders/:id/share-links → the order's links, newest first, with views. */
export function getShareLinks(orderId: string, signal?: AbortSignal) {
  return apiRequest(`/api/customer/orders/${encodeURIComponent(orderId)}/share-links`, {
    schema: ZShareLinkList,
    ...(signal ? { signal } : {}),
  });
}

export function shareLinksQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: shareLinkKeys.ofOrder(orderId),
    queryFn: ({ signal }) => getShareLinks(orderId, signal),
  });
}

export function useShareLinks(orderId: string) {
  return useQuery(shareLinksQueryOptions(orderId));
}
