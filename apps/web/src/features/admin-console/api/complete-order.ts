import { ZAdminOrderDetail } from '@spacecapture/shared/contracts/admin-console/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { consoleKeys } from './console-keys.ts';

/** POST /api/admin/orders/:id/complete → the completed order's detail (delivered orders only). */
export function completeOrder(id: string) {
  return apiRequest(`/api/admin/orders/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
    json: {},
    schema: ZAdminOrderDetail,
  });
}

export function useCompleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOrder,
    onSuccess: (detail) => queryClient.setQueryData(consoleKeys.order(detail.order.id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
