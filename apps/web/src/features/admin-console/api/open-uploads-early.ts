import {
  ORDER_ACTION_MESSAGES,
  type TOpenUploadsEarlyRequest,
  ZAdminOrderDetail,
} from '@spacecapture/shared/contracts/admin-console/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { consoleKeys } from './console-keys.ts';

/** POST /api/admin/orders/:id/open-uploads { reason } → the order's detail, the opening on its timeline. */
export function openUploadsEarly(input: { id: string } & TOpenUploadsEarlyRequest) {
  return sendJson(
    `/api/admin/orders/${encodeURIComponent(input.id)}/open-uploads`,
    { reason: input.reason },
    ZAdminOrderDetail,
  );
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
