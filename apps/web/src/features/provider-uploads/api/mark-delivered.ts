import { ZMarkDeliveredAnswer } from '@spacecapture/shared/contracts/provider-uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { uploadKeys } from './upload-keys.ts';

/** POST /api/provider/orders/:id/delivered → { orderId, status } (captured → delivered). */
export function markDelivered(orderId: string) {
  return apiRequest(`/api/provider/orders/${encodeURIComponent(orderId)}/delivered`, {
    method: 'POST',
    json: {},
    schema: ZMarkDeliveredAnswer,
  });
}

export function useMarkDelivered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDelivered,
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadKeys.all }),
  });
}
