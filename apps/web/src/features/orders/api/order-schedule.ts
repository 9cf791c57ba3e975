import { ZScheduleResponse, ZScheduleState } from '@spacecapture/shared/contracts/scheduling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointQuery, sendJson } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

const scheduleKey = (orderId: string) => [...customerKeys.order(orderId), 'schedule'] as const;

/** GET /api/customer/orders/:id/schedule → the windows to pick from, the confirmed one (decision 145). */
export function useOrderSchedule(orderId: string) {
  return useQuery(
    endpointQuery(
      scheduleKey(orderId),
      `/api/customer/orders/${encodeURIComponent(orderId)}/schedule`,
      ZScheduleResponse,
    ),
  );
}

/** POST …/schedule/pick { start } → the confirmed schedule; the order (its window, status) reloads. */
export function pickWindow({ orderId, start }: { orderId: string; start: string }) {
  return sendJson(`/api/customer/orders/${encodeURIComponent(orderId)}/schedule/pick`, { start }, ZScheduleState);
}

export function usePickWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pickWindow,
    onSuccess: () => notifySuccess({ title: 'Window picked', message: 'The capture is scheduled.' }),
    onSettled: (_data, _error, { orderId }) => queryClient.invalidateQueries({ queryKey: customerKeys.order(orderId) }),
  });
}

/** POST …/schedule/reschedule { reason } → the provider is asked for new windows. */
export function askReschedule({ orderId, reason }: { orderId: string; reason: string }) {
  return sendJson(
    `/api/customer/orders/${encodeURIComponent(orderId)}/schedule/reschedule`,
    { reason },
    ZScheduleState,
  );
}

export function useAskReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askReschedule,
    onSuccess: () => notifySuccess({ title: 'Reschedule asked', message: 'The provider will propose new windows.' }),
    onSettled: (_data, _error, { orderId }) => queryClient.invalidateQueries({ queryKey: customerKeys.order(orderId) }),
  });
}
