import { ZWebhookDeliveryPage } from '@spacecapture/shared/contracts/webhooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
import { webhookKeys } from './webhook-keys.ts';

/**
 * GET /api/customer/webhooks/:id/deliveries → one page of the delivery log, newest first; the log
 * is refreshed every few seconds while a delivery is still being attempted.
 */
export function useWebhookDeliveries(endpointId: string) {
  const path = `/api/customer/webhooks/${encodeURIComponent(endpointId)}/deliveries`;
  return useInfiniteQuery({
    ...pagedQuery(webhookKeys.deliveries(endpointId), ZWebhookDeliveryPage, (cursor) =>
      pagePath(path, { limit: '20' }, cursor),
    ),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'pending')) ? 2_000 : false,
  });
}
