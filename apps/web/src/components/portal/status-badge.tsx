import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  pending: 'yellow',
  accepted: 'teal',
  revoked: 'red',
  expired: 'gray',
};

/** An invitation's status as a coloured badge. */
export function InvitationStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm">
      {status}
    </Badge>
  );
}
