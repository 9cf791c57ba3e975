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

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useMarkDelivered(
  options: {
    onSuccess?: (
      data: Awaited<ReturnType<typeof markDelivered>>,
      variables: Parameters<typeof markDelivered>[0],
    ) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markDelivered,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadKeys.all }),
  });
}
