import { ZWebhookDeliveryPage, ZWebhookEndpointList } from '@spacecapture/shared/contracts/webhooks';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { consoleKeys } from './console-keys.ts';

/** GET /api/admin/customers/:id/webhooks → a customer's endpoints (read-only, never their secrets). */
export function getCustomerWebhooks(customerOrgId: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/customers/${encodeURIComponent(customerOrgId)}/webhooks`, {
    schema: ZWebhookEndpointList,
    ...(signal ? { signal } : {}),
  });
}

export function useCustomerWebhooks(customerOrgId: string) {
  return useQuery(
    queryOptions({
      queryKey: consoleKeys.customerWebhooks(customerOrgId),
      queryFn: ({ signal }) => getCustomerWebhooks(customerOrgId, signal),
    }),
  );
}

/** GET /api/admin/webhooks/:id/deliveries → one page of an endpoint's delivery log, newest first. */
export function getEndpointDeliveries(endpointId: string, cursor: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: '20', ...(cursor ? { cursor } : {}) });
  return apiRequest(`/api/admin/webhooks/${encodeURIComponent(endpointId)}/deliveries?${query}`, {
    schema: ZWebhookDeliveryPage,
    ...(signal ? { signal } : {}),
  });
}

export function useEndpointDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: consoleKeys.webhookDeliveries(endpointId),
    queryFn: ({ pageParam, signal }) => getEndpointDeliveries(endpointId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
