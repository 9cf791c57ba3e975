import {
  type TCreateWebhookEndpointRequest,
  type TUpdateWebhookEndpointRequest,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointWithSecret,
} from '@spacecapture/shared/contracts/webhooks';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { webhookKeys } from './webhook-keys.ts';

const base = (id: string) => `/api/customer/webhooks/${encodeURIComponent(id)}`;

/** POST /api/customer/webhooks → the endpoint with its signing secret (shown once). */
export function createWebhookEndpoint(request: TCreateWebhookEndpointRequest) {
  return sendJson('/api/customer/webhooks', request, ZWebhookEndpointWithSecret);
}

/** PATCH /api/customer/webhooks/:id: change, disable or enable. */
export function updateWebhookEndpoint(input: { id: string; changes: TUpdateWebhookEndpointRequest }) {
  return sendJson(base(input.id), input.changes, ZWebhookEndpoint, 'PATCH');
}

export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await apiRequest(base(id), { method: 'DELETE', schema: z.null() });
}

export function rotateWebhookSecret(id: string) {
  return sendJson(`${base(id)}/rotate-secret`, {}, ZWebhookEndpointWithSecret);
}

export function sendWebhookTest(id: string) {
  return sendJson(`${base(id)}/test`, {}, ZWebhookDelivery);
}

export function replayWebhookDelivery(input: { endpointId: string; deliveryId: string }) {
  return sendJson(
    `${base(input.endpointId)}/deliveries/${encodeURIComponent(input.deliveryId)}/replay`,
    {},
    ZWebhookDelivery,
  );
}

/**
 * A mutation of the webhooks page: `onSuccess` is the mutation's own, so its toast shows even when
 * the success unmounts the component (decision 097); the lists are refreshed after it.
 */
export function useWebhookMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
  options: { onSuccess?: (data: TOutput, input: TInput) => void } = {},
) {
  return useRefreshingMutation(webhookKeys.all, {
    mutationFn,
    onSuccess: (data, input) => options.onSuccess?.(data, input),
  });
}
