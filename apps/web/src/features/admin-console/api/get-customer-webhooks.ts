import { ZWebhookDeliveryPage, ZWebhookEndpointList } from '@spacecapture/shared/contracts/webhooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { consoleKeys } from './console-keys.ts';

/** GET /api/admin/customers/:id/webhooks → a customer's endpoints (read-only, never their secrets). */
export function useCustomerWebhooks(customerOrgId: string) {
  return useQuery(
    endpointQuery(
      consoleKeys.customerWebhooks(customerOrgId),
      `/api/admin/customers/${encodeURIComponent(customerOrgId)}/webhooks`,
      ZWebhookEndpointList,
    ),
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
