import { ZWebhookDeliveryPage, ZWebhookEndpointList } from '@spacecapture/shared/contracts/webhooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { endpointQuery, pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
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
export function useEndpointDeliveries(endpointId: string) {
  const path = `/api/admin/webhooks/${encodeURIComponent(endpointId)}/deliveries`;
  return useInfiniteQuery(
    pagedQuery(consoleKeys.webhookDeliveries(endpointId), ZWebhookDeliveryPage, (cursor) =>
      pagePath(path, { limit: '20' }, cursor),
    ),
  );
}
