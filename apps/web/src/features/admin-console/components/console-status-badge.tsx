import { Badge } from '@mantine/core';
import { humanize } from '../utils/format.ts';

const COLORS: Record<string, string> = {
  // Orders
  triage: 'yellow',
  quoted: 'grape',
  approved: 'teal',
  assigned: 'blue',
  scheduled: 'cyan',
  captured: 'indigo',
  delivered: 'lime',
  changes_requested: 'orange',
  completed: 'green',
  cancelled: 'red',
  // Quotes, offers, certifications, organisations
  draft: 'gray',
  sent: 'blue',
  accepted: 'teal',
  declined: 'red',
  expired: 'gray',
  offered: 'yellow',
  withdrawn: 'gray',
  pending: 'yellow',
  active: 'teal',
  rejected: 'red',
  // Support requests
  open: 'yellow',
  answered: 'teal',
  closed: 'gray',
};

/** A status (order, quote, offer, certification, organisation) as a coloured badge. */
export function ConsoleStatusBadge({ status }: { status: string }) {
  return (
    // Never squeezed into an ellipsis by a narrow table column.
    <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
      {humanize(status)}
    </Badge>
  );
}
