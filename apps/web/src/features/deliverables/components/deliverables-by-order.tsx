import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { ListState } from '../../../components/portal/list-state.tsx';
import { OrderStatusBadge } from '../../../components/portal/order-status-badge.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useCustomerDeliverables } from '../api/get-customer-deliverables.ts';
import { DeliverableFiles } from './deliverable-files.tsx';

/** The organisation's orders that have files, each with its files and Download buttons. */
export function DeliverablesByOrder() {
  const deliverables = useCustomerDeliverables();
  const items = deliverables.data?.items ?? [];
  return (
    <ListState query={deliverables} count={items.length} what="deliverables" empty="No deliverables yet.">
      <Stack gap="md">
        {items.map(({ order, files }) => (
          <Paper
            key={order.id}
            component="section"
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            aria-label={order.title}
          >
            <Stack gap="sm">
              <Group justify="space-between" gap="sm">
                <Title order={2} fz={18}>
                  {order.title}
                </Title>
                <Group gap="sm">
                  <OrderStatusBadge status={order.displayStatus} />
                  <Anchor
                    component={AppLink}
                    to={`${PORTAL_PATHS.customer.orders}?order=${encodeURIComponent(order.id)}`}
                    size="sm"
                  >
                    View order
                  </Anchor>
                </Group>
              </Group>
              <DeliverableFiles files={files} label={`Files of ${order.title}`} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </ListState>
  );
}
