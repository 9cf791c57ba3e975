import { Badge } from '@mantine/core';
import { DISPLAY_STATUS_COLORS, DISPLAY_STATUS_LABELS, type TCustomerDisplayStatus } from '../lib/order-filters.ts';

/** An order's status as the customer sees it (spec 001 §4: green, blue, yellow, red). */
export function OrderStatusBadge({ status }: { status: TCustomerDisplayStatus }) {
  return (
    <Badge
      color={DISPLAY_STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      data-status={status}
      style={{ minWidth: 'max-content' }}
    >
      {DISPLAY_STATUS_LABELS[status]}
    </Badge>
  );
}
