import { type TSetOrderPlaceRequest, ZOrderDispatchDetails } from '@spacecapture/shared/contracts/dispatch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { consoleKeys } from './console-keys.ts';

export const ORDER_PLACED_TOAST = { title: 'Place saved', message: 'Dispatch now ranks providers from this place.' };

/** PUT /api/admin/orders/:id/place { place, accessNotes } → the order's place, windows and notes (decision 123). */
export function setOrderPlace(input: { id: string } & TSetOrderPlaceRequest) {
  const { id, ...body } = input;
  return sendJson(`/api/admin/orders/${encodeURIComponent(id)}/place`, body, ZOrderDispatchDetails, 'PUT');
}

export function useSetOrderPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderPlace,
    onSuccess: (details) => {
      notifySuccess(ORDER_PLACED_TOAST);
      return queryClient.invalidateQueries({ queryKey: consoleKeys.order(details.orderId) });
    },
    // The assignment card's ranking reads the place too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
