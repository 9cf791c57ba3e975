import { Button, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@spacecapture/shared/format';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useOrderCascade, useStopCascade } from '../api/order-cascade.ts';

/** An order's auto-offer cascade (decision 144): each offer so far and a Stop button while it runs. */
export function CascadePanel({ orderId }: { orderId: string }) {
  const cascade = useOrderCascade(orderId);
  const stop = useStopCascade();
  const state = cascade.data?.cascade;
  if (!state) return null;
  return (
    <Stack gap={4} mt="xs" aria-label="Auto-offer">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Auto-offer: {state.status}
        </Text>
        {state.status === 'running' ? (
          <Button
            size="compact-xs"
            variant="default"
            loading={stop.isPending}
            onClick={() =>
              stop.mutate(orderId, {
                onError: (error) => notifyError({ title: 'Failed', message: errorMessage(error, NETWORK_FALLBACK) }),
              })
            }
          >
            Stop auto-offer
          </Button>
        ) : null}
      </Group>
      {state.steps.map((step, index) => (
        <Text key={step.assignmentId} size="xs">
          {index + 1}. {step.providerOrg.name}: {step.status} (offered {formatDateTime(step.offeredAt)})
        </Text>
      ))}
    </Stack>
  );
}
