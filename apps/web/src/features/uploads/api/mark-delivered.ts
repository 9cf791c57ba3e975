import { ZMarkDeliveredAnswer } from '@spacecapture/shared/contracts/provider-uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TMutationHookOptions } from '../../../lib/api-hooks.ts';
import { uploadKeys } from './upload-keys.ts';

/** POST /api/provider/orders/:id/delivered → { orderId, status } (captured → delivered). */
export function markDelivered(orderId: string) {
  return apiRequest(`/api/provider/orders/${encodeURIComponent(orderId)}/delivered`, {
    method: 'POST',
    json: {},
    schema: ZMarkDeliveredAnswer,
  });
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useMarkDelivered(options: TMutationHookOptions<typeof markDelivered> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDelivered,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadKeys.all }),
  });
}
