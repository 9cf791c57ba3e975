import { ZWebhookDeliveryPage } from '@spacecapture/shared/contracts/webhooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

/** GET /api/customer/webhooks/:id/deliveries → one page of the delivery log, newest first. */
export function getWebhookDeliveries(endpointId: string, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: '20', ...(cursor ? { cursor } : {}) });
  return apiRequest(`/api/customer/webhooks/${encodeURIComponent(endpointId)}/deliveries?${query}`, {
    schema: ZWebhookDeliveryPage,
    ...(signal ? { signal } : {}),
  });
}

/** The log, refreshed every few seconds while a delivery is still being attempted. */
export function useWebhookDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ pageParam, signal }) => getWebhookDeliveries(endpointId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'pending')) ? 2_000 : false,
  });
}
