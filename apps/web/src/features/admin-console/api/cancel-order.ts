import { type TCancelOrderRequest, ZAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { consoleKeys } from './console-keys.ts';

/** POST /api/admin/orders/:id/cancel { reason } → the cancelled order's detail. */
export function cancelOrder(input: { id: string } & TCancelOrderRequest) {
  return sendJson(
    `/api/admin/orders/${encodeURIComponent(input.id)}/cancel`,
    { reason: input.reason },
    ZAdminOrderDetail,
  );
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (detail) => queryClient.setQueryData(consoleKeys.order(detail.order.id), detail),
    // Lists, counts and the workflow queues all show the order's status.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
