import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'teal',
  declined: 'red',
  expired: 'gray',
};

/** A quote's status as a coloured badge. */
export function QuoteStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm">
      {status}
    </Badge>
  );
}
