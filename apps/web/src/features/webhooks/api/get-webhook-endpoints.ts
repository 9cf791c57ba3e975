import { ZWebhookEndpointList } from '@spacecapture/shared/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { webhookKeys } from './webhook-keys.ts';

/** GET /api/customer/webhooks → the organisation's endpoints (never their secrets). */
export function useWebhookEndpoints() {
  return useQuery(endpointQuery(webhookKeys.list(), '/api/customer/webhooks', ZWebhookEndpointList));
}
