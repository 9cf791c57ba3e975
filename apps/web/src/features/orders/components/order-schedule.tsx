import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatPlaceWindow } from '@spacecapture/shared/format';
import { RescheduleRequest } from '../../../components/form/reschedule-request.tsx';
import { errorMessage, notifyError } from '../../../lib/notify.ts';
import { useAskReschedule, useOrderSchedule, usePickWindow } from '../api/order-schedule.ts';

/**
 * The capture window of an accepted order (decision 145): the provider's proposed windows to pick
 * from, the confirmed one, and a reschedule request with a reason. Times are in the order's zone,
 * named.
 */
export function OrderSchedule({ orderId }: { orderId: string }) {
  const schedule = useOrderSchedule(orderId);
  const pick = usePickWindow();
  const ask = useAskReschedule();
  const state = schedule.data?.schedule;
  if (!state) return null;
  const zone = state.timeZone;

  return (
    <Stack gap="sm" aria-label="Capture window">
      <Title order={3} fz={18}>
        Capture window
      </Title>
      {state.confirmed ? (
        <Text size="sm">Confirmed: {formatPlaceWindow(state.confirmed.start, state.confirmed.end, zone)}</Text>
      ) : null}
      {state.status === 'reschedule_requested' ? (
        <Text size="sm" c="dimmed">
          Reschedule asked ({state.rescheduleReason}). The provider will propose new windows.
        </Text>
      ) : null}
      {state.status === 'unproposed' ? (
        <Text size="sm" c="dimmed">
          The provider will propose capture windows for you to pick from.
        </Text>
      ) : null}
      {state.status === 'proposed' ? (
        <Stack gap="xs">
          <Text size="sm">Pick one of the provider’s windows:</Text>
          {state.proposedWindows.map((window) => {
            const label = formatPlaceWindow(window.start, window.end, zone);
            return (
              <Group key={window.start} gap="sm">
                <Text size="sm">{label}</Text>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Pick ${label}`}
                  loading={pick.isPending && pick.variables?.start === window.start}
                  onClick={() =>
                    pick.mutate(
                      { orderId, start: window.start },
                      {
                        onError: (error) =>
                          notifyError({ title: 'Failed', message: errorMessage(error, 'Could not pick the window') }),
                      },
                    )
                  }
                >
                  Pick
                </Button>
              </Group>
            );
          })}
        </Stack>
      ) : null}
      {state.status === 'confirmed' ? (
        <RescheduleRequest
          pending={ask.isPending}
          onAsk={(reason, callbacks) => ask.mutate({ orderId, reason }, callbacks)}
        />
      ) : null}
    </Stack>
  );
}
