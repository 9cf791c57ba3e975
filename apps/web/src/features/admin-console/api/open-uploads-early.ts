import {
  ORDER_ACTION_MESSAGES,
  type TOpenUploadsEarlyRequest,
  ZAdminOrderDetail,
} from '@spacecapture/shared/contracts/admin-console/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { consoleKeys } from './console-keys.ts';

/** POST /api/admin/orders/:id/open-uploads { reason } → the order's detail, the opening on its timeline. */
export function openUploadsEarly(input: { id: string } & TOpenUploadsEarlyRequest) {
  return apiRequest(`/api/admin/orders/${encodeURIComponent(input.id)}/open-uploads`, {
    method: 'POST',
    json: { reason: input.reason },
    schema: ZAdminOrderDetail,
  });
}

/** The success toast is the mutation's own: it shows even when the success unmounts the button (decision 097). */
export function useOpenUploadsEarly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openUploadsEarly,
    onSuccess: (detail) => {
      queryClient.setQueryData(consoleKeys.order(detail.order.id), detail);
      notifySuccess(ORDER_ACTION_MESSAGES.uploadsOpened);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
