import { type TRatingRequest, ZRating } from '@spacecapture/shared/contracts/customer-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson, type TMutationHookOptions } from '../../../lib/api-hooks.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

type TRateOrderArgs = { orderId: string; rating: TRatingRequest };

/** POST /api/customer/orders/:id/rating → 201 the rating (once per delivered or completed order). */
export function rateOrder({ orderId, rating }: TRateOrderArgs) {
  return sendJson(`/api/customer/orders/${encodeURIComponent(orderId)}/rating`, rating, ZRating);
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useRateOrder(options: TMutationHookOptions<typeof rateOrder> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateOrder,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onSettled: (_rating, _error, { orderId }) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.order(orderId) }),
  });
}
