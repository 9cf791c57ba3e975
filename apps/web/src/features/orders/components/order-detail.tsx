import { Anchor, Button, Center, Divider, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TCustomerOrderDetail } from '@spacecapture/shared/contracts/customer-portal';
import { INVOICE_MESSAGES } from '@spacecapture/shared/contracts/invoices';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatDate, formatMoney, formatPlaceWindow } from '@spacecapture/shared/format';
import { orderAgainPath, PORTAL_PATHS, propertyPath } from '@spacecapture/shared/portal-paths';
import { formatArea } from '@spacecapture/shared/units';
import type { ReactNode } from 'react';
import { Fact } from '../../../components/portal/fact.tsx';
import { OrderStatusBadge } from '../../../components/portal/order-status-badge.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { useOrganizationUnits } from '../../../lib/auth/profile-context.ts';
import { useCustomerOrder } from '../api/get-customer-order.ts';
import { OrderProgress } from './order-progress.tsx';
import { OrderSchedule } from './order-schedule.tsx';

/** Order statuses in which the job can be rated (the server checks it again). */
const RATEABLE_STATUSES: ReadonlySet<string> = new Set(['delivered', 'changes_requested', 'completed']);

function scheduledWindow(order: TCustomerOrderDetail) {
  if (!order.scheduledStart || !order.scheduledEnd) return 'Not scheduled yet';
  return formatPlaceWindow(order.scheduledStart, order.scheduledEnd, order.timeZone);
}

/** "Order again" is for an order that has run its course, never one still under way. */
const ORDER_AGAIN_STATUSES: ReadonlySet<string> = new Set(['delivered', 'completed', 'cancelled']);

/** What the page puts into an order from other features: the delivery's review, its files, and the rating form. */
export type TOrderDetailSlots = {
  /** The customer's review of the delivery: first in the delivery section, above the files and the rating (decision 202). */
  review?: (order: TCustomerOrderDetail) => ReactNode;
  /** The order's files, under "Deliverables". */
  files?: (order: TCustomerOrderDetail) => ReactNode;
  /** The rating form (or the rating given), once the order may be rated. */
  rating?: (order: TCustomerOrderDetail) => ReactNode;
};

function OrderDetailBody({ order, review, files, rating }: { order: TCustomerOrderDetail } & TOrderDetailSlots) {
  const { unitSystem } = useOrganizationUnits();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={2} fz={22}>
          {order.title}
        </Title>
        <Group gap="sm">
          <OrderStatusBadge status={order.displayStatus} />
          {ORDER_AGAIN_STATUSES.has(order.status) ? (
            <Button component={AppLink} to={orderAgainPath(order.id)} variant="light" size="xs">
              Order again
            </Button>
          ) : null}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
        <Fact label="Location">
          {/* Its own element, so the address reads (and is found) apart from the link below it. */}
          <span>{order.location}</span>
          {/* The property page gathers the files of every order at the same address (decision 237). */}
          <Anchor component={AppLink} to={propertyPath(order.propertyId)} size="sm" display="block">
            All files at this address
          </Anchor>
        </Fact>
        <Fact label="Capture type">{labelOf(CAPTURE_TYPE_OPTIONS, order.captureType)}</Fact>
        <Fact label="Ordered">{formatDate(order.createdAt)}</Fact>
        <Fact label="Scheduled window">{scheduledWindow(order)}</Fact>
        {order.area ? <Fact label="Size">{formatArea(order.area, unitSystem)}</Fact> : null}
      </SimpleGrid>
      {order.displayStatus === 'cancelled' ? (
        <Text size="sm" c="dimmed">
          This order was cancelled.
        </Text>
      ) : (
        <OrderProgress progress={order.progress} />
      )}
      {order.status === 'assigned' || order.status === 'scheduled' ? <OrderSchedule orderId={order.id} /> : null}
      <Divider />
      {review?.(order)}
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz={18}>
            Deliverables
          </Title>
          {order.deliverables.some((file) => !file.superseded) ? (
            // A plain link: the browser saves the zip of the current files and can resume it by Range (decision 221).
            <Button component="a" href={`/api/customer/orders/${order.id}/archive`} download variant="light" size="xs">
              Download all
            </Button>
          ) : null}
        </Group>
        {files?.(order)}
      </Stack>
      {order.quotes.length > 0 ? (
        <>
          <Divider />
          <Stack gap="xs">
            <Title order={3} fz={18}>
              Quotes
            </Title>
            {order.quotes.map((quote) => (
              <Text key={quote.id} size="sm">
                {formatMoney(quote.total, quote.currency)} ·{' '}
                <Text span tt="capitalize" inherit>
                  {quote.status}
                </Text>
                {quote.monthlyInvoice ? (
                  <>
                    {' · '}
                    {quote.monthlyInvoice.invoiceNumber
                      ? `On monthly invoice ${quote.monthlyInvoice.invoiceNumber}`
                      : INVOICE_MESSAGES.onMonthlyInvoice(quote.monthlyInvoice.period)}
                  </>
                ) : null}
              </Text>
            ))}
            <Anchor component={AppLink} to={PORTAL_PATHS.customer.quotes} size="sm">
              Open Quotes &amp; Invoices
            </Anchor>
          </Stack>
        </>
      ) : null}
      {rating && RATEABLE_STATUSES.has(order.status) ? (
        <>
          <Divider />
          {rating(order)}
        </>
      ) : null}
    </Stack>
  );
}

/**
 * One order of the organisation, opened from a list (?order=<id>), with a Back button; `extras` is
 * what the page adds under the order (its Messages panel); `review`, `files` and `rating` are the slots of
 * {@link TOrderDetailSlots}.
 */
export function OrderDetail({
  orderId,
  onBack,
  extras,
  ...slots
}: { orderId: string; onBack: () => void; extras?: ReactNode } & TOrderDetailSlots) {
  const order = useCustomerOrder(orderId);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} aria-label="Order detail">
      <Stack gap="md">
        <Group>
          <Button variant="default" size="xs" onClick={onBack}>
            ← Back to orders
          </Button>
        </Group>
        {order.isPending ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Loading the order" />
          </Center>
        ) : order.isError ? (
          <QueryError error={order.error} onRetry={() => order.refetch()} what="the order" />
        ) : (
          <>
            <OrderDetailBody order={order.data} {...slots} />
            {/* Only under an order the caller may see: an order that failed to load has no conversation to show. */}
            {extras}
          </>
        )}
      </Stack>
    </Paper>
  );
}
