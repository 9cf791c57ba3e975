import { Badge } from '@mantine/core';
import type { TProjectStatus } from '@spacecapture/shared/provider-projects';

const STATUS_COLORS: Record<TProjectStatus, string> = {
  assigned: 'yellow',
  accepted: 'blue',
  in_progress: 'indigo',
  completed: 'teal',
  delivered: 'green',
  changes_requested: 'orange',
  declined: 'gray',
  expired: 'gray',
  withdrawn: 'gray',
  cancelled: 'red',
};

export function ProjectStatusBadge({ status }: { status: TProjectStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" aria-label={`Status: ${status}`}>
      {status.replaceAll('_', ' ')}
    </Badge>
  );
}
