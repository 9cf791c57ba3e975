import { ZScheduleState } from '@spacecapture/shared/contracts/scheduling';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { sendJson, useRefreshingMutation } from '../../lib/api-hooks.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { providerKeys } from './provider-keys.ts';

const scheduleKey = (id: string) => [...providerKeys.assignment(id), 'schedule'] as const;

/** GET /api/provider/assignments/:id/schedule → the job's scheduling (decision 145). */
export function useJobSchedule(id: string) {
  return useQuery(
    queryOptions({
      queryKey: scheduleKey(id),
      queryFn: ({ signal }) =>
        apiRequest(`/api/provider/assignments/${encodeURIComponent(id)}/schedule`, { schema: ZScheduleState, signal }),
    }),
  );
}

/** POST …/reschedule { reason } → the customer is asked to wait for new windows. */
export function useAskJobReschedule() {
  return useRefreshingMutation(providerKeys.all, {
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      sendJson(`/api/provider/assignments/${encodeURIComponent(id)}/reschedule`, { reason }, ZScheduleState),
    onSuccess: () => notifySuccess({ title: 'Reschedule asked', message: 'Propose new windows below.' }),
  });
}
