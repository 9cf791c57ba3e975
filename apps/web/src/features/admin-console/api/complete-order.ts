import { type TCompleteOrderRequest, ZAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { consoleKeys } from './console-keys.ts';

/**
 * POST /api/admin/orders/:id/complete { reason? } → the completed order's detail (a reason is
 * required unless the order was delivered).
 */
export function completeOrder(input: { id: string } & TCompleteOrderRequest) {
  return sendJson(
    `/api/admin/orders/${encodeURIComponent(input.id)}/complete`,
    input.reason ? { reason: input.reason } : {},
    ZAdminOrderDetail,
  );
}

export function useCompleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOrder,
    onSuccess: (detail) => queryClient.setQueryData(consoleKeys.order(detail.order.id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
