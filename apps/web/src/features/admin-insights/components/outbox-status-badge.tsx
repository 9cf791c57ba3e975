import { Badge } from '@mantine/core';
import type { TOutboxEmail } from '@spacecapture/shared/contracts/admin-console/outbox';

const COLORS: Record<string, string> = {
  pending: 'blue',
  retrying: 'orange',
  sent: 'teal',
  kept: 'gray',
  failed: 'red',
};

/** An e-mail's delivery state; a pending e-mail that already failed once reads "retrying". */
export function OutboxStatusBadge({ email }: { email: Pick<TOutboxEmail, 'status' | 'retrying'> }) {
  const label = email.status === 'pending' && email.retrying ? 'retrying' : email.status;
  return (
    <Badge color={COLORS[label] ?? 'gray'} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}
