import { Badge } from '@mantine/core';
import { projectUrgency, type TProjectUrgency, type TTimedProject } from '@spacecapture/shared/provider-projects';
import { useNow } from '../../lib/use-now.ts';

const URGENCY_COLORS: Record<TProjectUrgency, string> = {
  high: 'red',
  medium: 'orange',
  low: 'blue',
  standard: 'gray',
};

/**
 * A provider job's urgency, the same on every page (decision 101): derived here from the job and
 * the clock, so it changes while the page stays open.
 */
export function UrgencyBadge({ project }: { project: TTimedProject }) {
  const urgency = projectUrgency(project, useNow());
  return (
    <Badge color={URGENCY_COLORS[urgency]} variant="outline" radius="sm" data-urgency={urgency}>
      {urgency} urgency
    </Badge>
  );
}
