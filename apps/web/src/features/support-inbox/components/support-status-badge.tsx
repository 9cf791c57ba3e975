import { Badge } from '@mantine/core';
import { SUPPORT_STATUS_LABELS } from '@spacecapture/shared/contracts/admin-console/support-requests';
import type { TSupportRequestStatus } from '@spacecapture/shared/state-machines';

const COLORS: Record<TSupportRequestStatus, string> = { open: 'yellow', answered: 'teal', closed: 'gray' };

/** A support request's status as a coloured badge. */
export function SupportStatusBadge({ status }: { status: TSupportRequestStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm">
      {SUPPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
