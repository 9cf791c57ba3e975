import { type TRatingRequest, ZRating } from '@spacecapture/shared/contracts/customer-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

type TRateOrderArgs = { orderId: string; rating: TRatingRequest };

/** POST /api/customer/orders/:id/rating → 201 the rating (once per delivered or completed order). */
export function rateOrder({ orderId, rating }: TRateOrderArgs) {
  return apiRequest(`/api/customer/orders/${encodeURIComponent(orderId)}/rating`, {
    method: 'POST',
    json: rating,
    schema: ZRating,
  });
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useRateOrder(
  options: {
    onSuccess?: (data: Awaited<ReturnType<typeof rateOrder>>, variables: Parameters<typeof rateOrder>[0]) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateOrder,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onSettled: (_rating, _error, { orderId }) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.order(orderId) }),
  });
}
