import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useOrdersAwaitingWindowPick } from '../api/get-customer-orders.ts';

/**
 * The customer's move on the dashboard: orders whose provider proposed capture windows wait for the
 * customer to pick one, and nothing else on the page said so. Hidden when none waits.
 */
export function WindowsToPick({ onOpen }: { onOpen: (orderId: string) => void }) {
  const awaiting = useOrdersAwaitingWindowPick();
  const items = awaiting.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} mb="md" component="section" aria-label="Your move">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          Your move: pick a capture window
        </Title>
        {items.map((order) => (
          <Group key={order.id} justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm">
              <Text span fw={600}>
                {order.title}
              </Text>
              : the provider proposed {order.windowsToPick === 1 ? 'a window' : `${order.windowsToPick} windows`}.
            </Text>
            <Button size="xs" onClick={() => onOpen(order.id)} aria-label={`Pick a window for ${order.title}`}>
              Pick a window
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
