import { Stack, Text } from '@mantine/core';
import { formatDateTimeRange } from '@spacecapture/shared/format';
import { RescheduleRequest } from '../../../components/form/reschedule-request.tsx';
import { useAskJobReschedule, useJobSchedule } from '../../../resources/provider/job-schedule.ts';
import { ScheduleProposalForm } from './schedule-proposal-form.tsx';

/**
 * A scheduled job's rescheduling (decision 145): ask to move it with a reason, then propose new
 * windows; the confirmed window stands until the customer picks one. Times in the order's zone.
 */
export function ReschedulePanel({ assignmentId }: { assignmentId: string }) {
  const schedule = useJobSchedule(assignmentId);
  const ask = useAskJobReschedule();
  const state = schedule.data;
  if (!state) return null;
  const zone = state.timeZone;
  return (
    <Stack gap="xs">
      {state.confirmed ? (
        <Text size="sm">Confirmed: {formatDateTimeRange(state.confirmed.start, state.confirmed.end, zone)}</Text>
      ) : null}
      {state.status === 'reschedule_requested' ? (
        <>
          <Text size="sm" c="dimmed">
            Reschedule asked: {state.rescheduleReason}
          </Text>
          <ScheduleProposalForm assignmentId={assignmentId} />
        </>
      ) : null}
      {state.status === 'proposed' ? (
        <Text size="sm" c="dimmed">
          New windows proposed: {state.proposedWindows.map((w) => formatDateTimeRange(w.start, w.end, zone)).join('; ')}
          . The customer picks one.
        </Text>
      ) : null}
      {state.status === 'confirmed' ? (
        <RescheduleRequest
          pending={ask.isPending}
          onAsk={(reason, callbacks) => ask.mutate({ id: assignmentId, reason }, callbacks)}
        />
      ) : null}
    </Stack>
  );
}
