import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  new: 'blue',
  triage: 'yellow',
  quoted: 'grape',
  converted: 'teal',
  reviewing: 'yellow',
  interview: 'grape',
  approved: 'teal',
  rejected: 'red',
  draft: 'gray',
  sent: 'blue',
  accepted: 'teal',
  declined: 'red',
  expired: 'gray',
  assigned: 'blue',
  scheduled: 'teal',
  offered: 'yellow',
  withdrawn: 'gray',
};

/** A workflow status (lead, application, quote, order, assignment) as a coloured badge. */
export function WorkflowStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm">
      {status}
    </Badge>
  );
}
