import { Card, Group, Stack, Text } from '@mantine/core';
import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatDateTime } from '@spacecapture/shared/format';
import { projectStatus } from '@spacecapture/shared/provider-projects';
import { UrgencyBadge } from '../../../components/portal/urgency-badge.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { ProjectStatusBadge } from './project-badges.tsx';
import styles from './project-card.module.css';
import { formatCompensation, projectReference } from './project-format.ts';
import { dueDate } from './project-timing.ts';

/** One project in the list, the whole card a link to its detail view on the same page. */
export function ProjectCard({ project, href }: { project: TProviderAssignment; href: string }) {
  const due = dueDate(project);
  const type = labelOf(CAPTURE_TYPE_OPTIONS, project.captureType);
  return (
    <Card withBorder radius="md" p="md" component="article" className={styles.card} data-testid="project-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <AppLink to={href} className={styles.link}>
            <Text fw={600} component="span" display="block">
              {type}
            </Text>
            <Text size="xs" c="dimmed" component="span" display="block">
              Project {projectReference(project.id)}
            </Text>
          </AppLink>
          {/* On a narrow card the badges stack rather than squeeze their words. */}
          <Group gap={6} wrap="wrap" justify="flex-end">
            <ProjectStatusBadge status={projectStatus(project)} />
            <UrgencyBadge project={project} />
          </Group>
        </Group>
        <Text size="sm">Client: {project.customer}</Text>
        <Text size="sm">Location: {project.location}</Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{due ? `${due.label}: ${formatDateTime(due.at)}` : 'Not scheduled yet'}</Text>
          <Text size="sm" fw={600}>
            {formatCompensation(project)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
