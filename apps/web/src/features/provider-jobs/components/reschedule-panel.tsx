import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { formatDateTimeRange } from '@spacecapture/shared/format';
import { useState } from 'react';
import { errorMessage, notifyError } from '../../../lib/notify.ts';
import { useAskJobReschedule, useJobSchedule } from '../../../resources/provider/job-schedule.ts';
import { ScheduleProposalForm } from './schedule-proposal-form.tsx';

/**
 * A scheduled job's rescheduling (decision 145): ask to move it with a reason, then propose new
 * windows; the confirmed window stands until the customer picks one. Times in the order's zone.
 */
export function ReschedulePanel({ assignmentId }: { assignmentId: string }) {
  const schedule = useJobSchedule(assignmentId);
  const ask = useAskJobReschedule();
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
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
        asking ? (
          <Group
            renderRoot={(props) => <form {...props} noValidate />}
            gap="sm"
            align="flex-end"
            onSubmit={(event) => {
              event.preventDefault();
              ask.mutate(
                { id: assignmentId, reason },
                {
                  onSuccess: () => setAsking(false),
                  onError: (error) =>
                    notifyError({ title: 'Failed', message: errorMessage(error, 'Could not ask to reschedule') }),
                },
              );
            }}
          >
            <TextInput
              label="Why should the capture move?"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              maxLength={500}
              w={320}
            />
            <Button type="submit" size="xs" loading={ask.isPending}>
              Ask to reschedule
            </Button>
          </Group>
        ) : (
          <Group>
            <Button size="xs" variant="default" onClick={() => setAsking(true)}>
              Reschedule…
            </Button>
          </Group>
        )
      ) : null}
    </Stack>
  );
}
