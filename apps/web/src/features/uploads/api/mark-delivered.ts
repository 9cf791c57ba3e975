import { ZMarkDeliveredAnswer } from '@spacecapture/shared/contracts/provider-uploads';
import { sendJson, type TMutationHookOptions, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { uploadKeys } from './upload-keys.ts';

/** POST /api/provider/orders/:id/delivered → { orderId, status } (captured → delivered). */
export function markDelivered(orderId: string) {
  return sendJson(`/api/provider/orders/${encodeURIComponent(orderId)}/delivered`, {}, ZMarkDeliveredAnswer);
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useMarkDelivered(options: TMutationHookOptions<typeof markDelivered> = {}) {
  return useRefreshingMutation(uploadKeys.all, {
    mutationFn: markDelivered,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
  });
}
