import { Badge } from '@mantine/core';
import type { CUSTOMER_DISPLAY_STATUSES } from '@spacecapture/shared/contracts/customer-portal';

export type TCustomerDisplayStatus = (typeof CUSTOMER_DISPLAY_STATUSES)[number];

export const DISPLAY_STATUS_LABELS: Record<TCustomerDisplayStatus, string> = {
  completed: 'Completed',
  in_progress: 'In progress',
  pending: 'Pending',
  cancelled: 'Cancelled',
};

/** The spec's badge colours: completed green, in progress blue, pending yellow, cancelled red. */
const DISPLAY_STATUS_COLORS: Record<TCustomerDisplayStatus, string> = {
  completed: 'green',
  in_progress: 'blue',
  pending: 'yellow',
  cancelled: 'red',
};

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
