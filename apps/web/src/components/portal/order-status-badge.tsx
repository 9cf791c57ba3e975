import { Badge } from '@mantine/core';
import type { TCustomerOrderDisplay } from '@spacecapture/shared/state-machines';

export type TCustomerDisplayStatus = TCustomerOrderDisplay;

export const DISPLAY_STATUS_LABELS: Record<TCustomerDisplayStatus, string> = {
  completed: 'Completed',
  awaiting_review: 'Awaiting your review',
  in_progress: 'In progress',
  pending: 'Pending',
  cancelled: 'Cancelled',
};

/**
 * The spec's badge colours: completed green, in progress blue, pending yellow, cancelled red; a
 * delivery awaiting the customer's review is orange, the colour of the review's own buttons (decision 202).
 */
const DISPLAY_STATUS_COLORS: Record<TCustomerDisplayStatus, string> = {
  completed: 'green',
  awaiting_review: 'orange',
  in_progress: 'blue',
  pending: 'yellow',
  cancelled: 'red',
};

/** An order's status as the customer sees it (spec 001 §4: green, blue, yellow, red; decision 202: orange). */
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
