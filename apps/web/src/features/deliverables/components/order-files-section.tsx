import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TCustomerDeliverable, TPaymentLock } from '@spacecapture/shared/contracts/customer-portal';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { TCustomerOrderDisplay } from '@spacecapture/shared/state-machines';
import type { ReactNode } from 'react';
import { OrderStatusBadge } from '../../../components/portal/order-status-badge.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { DeliverableFiles } from './deliverable-files.tsx';

/**
 * One order's files in a list of orders (the Deliverables page, a property's page): its title,
 * status and a link to it, the reason its downloads wait while an invoice is unpaid (decision 211),
 * and its files with View and Download.
 */
export function OrderFilesSection({
  order,
  files,
  paymentLock,
  headingOrder = 2,
  meta,
}: {
  order: { id: string; title: string; displayStatus: TCustomerOrderDisplay };
  files: readonly TCustomerDeliverable[];
  paymentLock: TPaymentLock | null | undefined;
  /** The heading's level: 2 under the page's title, 3 under a section's. */
  headingOrder?: 2 | 3;
  /** A line under the title (when the order was made). */
  meta?: ReactNode;
}) {
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-label={order.title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Title order={headingOrder} fz={18}>
              {order.title}
            </Title>
            {meta ? (
              <Text size="sm" c="dimmed">
                {meta}
              </Text>
            ) : null}
          </Stack>
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
        {paymentLock ? (
          <Group role="status" gap="xs">
            <Text size="sm" c="light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-3))">
              {paymentLock.message}
            </Text>
            <Anchor
              component={AppLink}
              to={`${PORTAL_PATHS.customer.quotes}?invoice=${encodeURIComponent(paymentLock.quoteId)}`}
              size="sm"
            >
              View invoice {paymentLock.number}
            </Anchor>
          </Group>
        ) : null}
        <DeliverableFiles files={files} label={`Files of ${order.title}`} locked={Boolean(paymentLock)} />
      </Stack>
    </Paper>
  );
}
