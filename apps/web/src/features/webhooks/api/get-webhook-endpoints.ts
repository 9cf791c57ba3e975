import { ZWebhookEndpointList } from '@spacecapture/shared/contracts/webhooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

/** GET /api/customer/webhooks → the organisation's endpoints (never their secrets). */
export function getWebhookEndpoints(signal?: AbortSignal) {
  return apiRequest('/api/customer/webhooks', { schema: ZWebhookEndpointList, ...(signal ? { signal } : {}) });
}

export function useWebhookEndpoints() {
  return useQuery(queryOptions({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => getWebhookEndpoints(signal) }));
}
