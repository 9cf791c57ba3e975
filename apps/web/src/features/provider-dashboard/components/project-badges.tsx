import { Badge } from '@mantine/core';
import type { TProjectStatus, TProjectUrgency } from './project-timing.ts';

const STATUS_COLORS: Record<TProjectStatus, string> = {
  assigned: 'yellow',
  accepted: 'blue',
  in_progress: 'indigo',
  completed: 'teal',
  delivered: 'green',
  declined: 'gray',
  expired: 'gray',
  withdrawn: 'gray',
  cancelled: 'red',
};

const URGENCY_COLORS: Record<TProjectUrgency, string> = {
  high: 'red',
  medium: 'orange',
  low: 'blue',
  standard: 'gray',
};

export function ProjectStatusBadge({ status }: { status: TProjectStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" aria-label={`Status: ${status}`}>
      {status.replace('_', ' ')}
    </Badge>
  );
}

export function UrgencyBadge({ urgency }: { urgency: TProjectUrgency }) {
  return (
    <Badge color={URGENCY_COLORS[urgency]} variant="outline" radius="sm" aria-label={`Urgency: ${urgency}`}>
      {urgency}
    </Badge>
  );
}
