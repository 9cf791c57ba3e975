import {
  type TCreateWebhookEndpointRequest,
  type TUpdateWebhookEndpointRequest,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointWithSecret,
} from '@spacecapture/shared/contracts/webhooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-keys.ts';

const base = (id: string) => `/api/customer/webhooks/${encodeURIComponent(id)}`;

/** POST /api/customer/webhooks → the endpoint with its signing secret (shown once). */
export function createWebhookEndpoint(request: TCreateWebhookEndpointRequest) {
  return apiRequest('/api/customer/webhooks', { method: 'POST', json: request, schema: ZWebhookEndpointWithSecret });
}

/** PATCH /api/customer/webhooks/:id: change, disable or enable. */
export function updateWebhookEndpoint(input: { id: string; changes: TUpdateWebhookEndpointRequest }) {
  return apiRequest(base(input.id), { method: 'PATCH', json: input.changes, schema: ZWebhookEndpoint });
}

export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await apiRequest(base(id), { method: 'DELETE', schema: z.null() });
}

export function rotateWebhookSecret(id: string) {
  return apiRequest(`${base(id)}/rotate-secret`, { method: 'POST', json: {}, schema: ZWebhookEndpointWithSecret });
}

export function sendWebhookTest(id: string) {
  return apiRequest(`${base(id)}/test`, { method: 'POST', json: {}, schema: ZWebhookDelivery });
}

export function replayWebhookDelivery(input: { endpointId: string; deliveryId: string }) {
  return apiRequest(`${base(input.endpointId)}/deliveries/${encodeURIComponent(input.deliveryId)}/replay`, {
    method: 'POST',
    json: {},
    schema: ZWebhookDelivery,
  });
}

/**
 * A mutation of the webhooks page: `onSuccess` is the mutation's own, so its toast shows even when
 * the success unmounts the component (decision 097); the lists are refreshed after it.
 */
export function useWebhookMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
  options: { onSuccess?: (data: TOutput, input: TInput) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, input) => options.onSuccess?.(data, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
