import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { WORKFLOW_TOASTS } from '@spacecapture/shared/contracts/admin-workflow';
import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatDateTime, formatDateTimeRange } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { captureWindow, projectStatus } from '@spacecapture/shared/provider-projects';
import { useState } from 'react';
import { Fact } from '../../../components/portal/fact.tsx';
import { AcceptJobDialog, jobSiteFacts } from '../../../components/portal/job-site.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { UrgencyBadge } from '../../../components/portal/urgency-badge.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNow } from '../../../lib/use-now.ts';
import { type TAnswer, useAnswerAssignment } from '../../../resources/provider/answer-assignment.ts';
import { useProviderAssignment } from '../../../resources/provider/get-assignment.ts';
import { ProjectStatusBadge } from './project-badges.tsx';
import { deliverablesOf, formatCompensation, projectReference } from './project-format.ts';
import { formatTimeLeft, timeLeft } from './project-timing.ts';

/** The offer's call to action: the spec's words with the real time left to respond. */
function ResponsePanel({ project, now }: { project: TProviderAssignment; now: number }) {
  const answer = useAnswerAssignment();
  const left = timeLeft(project.respondBy, now);
  const [confirmingAccept, setConfirmingAccept] = useState(false);

  // Awaited rather than per-call callbacks: a successful answer replaces this panel, and the
  // toast must still show after it has gone.
  async function respond(choice: TAnswer) {
    let queued: boolean;
    try {
      ({ queued } = await answer.mutateAsync({
        id: project.id,
        answer: choice,
        label: project.title ?? project.captureType,
      }));
    } catch (error) {
      setConfirmingAccept(false);
      notifyError({
        title: choice === 'accept' ? WORKFLOW_TOASTS.failedToAccept.title : WORKFLOW_TOASTS.failedToDecline.title,
        message: errorMessage(error, NETWORK_FALLBACK),
      });
      return;
    }
    // The spec's 'Declined' toast has a title only.
    notifySuccess(
      queued
        ? WORKFLOW_TOASTS.savedOffline
        : choice === 'accept'
          ? WORKFLOW_TOASTS.offerAccepted
          : { message: '', ...WORKFLOW_TOASTS.offerDeclined },
    );
  }

  if (left.expired) {
    return (
      <Alert color="gray" title="The response window has closed">
        This offer could be answered until {formatDateTime(project.respondBy)}.
      </Alert>
    );
  }
  const pending = answer.isPending ? answer.variables?.answer : undefined;
  return (
    <Alert color="yellow" title="New project">
      <Text size="sm">
        You have been selected for this project. Please review the details and respond within {formatTimeLeft(left)}.
      </Text>
      <Group gap="sm" mt="sm">
        <Button
          onClick={() => setConfirmingAccept(true)}
          loading={pending === 'accept'}
          disabled={project.accepted === true || answer.isPending}
        >
          Accept Project
        </Button>
        <Button
          variant="default"
          onClick={() => void respond('decline')}
          loading={pending === 'decline'}
          disabled={project.accepted === false || answer.isPending}
        >
          Decline
        </Button>
      </Group>
      <AcceptJobDialog
        job={project}
        compensation={formatCompensation(project)}
        opened={confirmingAccept}
        loading={pending === 'accept'}
        onConfirm={() => void respond('accept')}
        onCancel={() => setConfirmingAccept(false)}
      />
    </Alert>
  );
}

function ProjectFacts({ project, now }: { project: TProviderAssignment; now: number }) {
  const status = projectStatus(project);
  const window = captureWindow(project);
  const type = labelOf(CAPTURE_TYPE_OPTIONS, project.captureType);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} fz={22}>
              {project.title ?? `${type} project`}
            </Title>
            <Text size="sm" c="dimmed">
              Project {projectReference(project.id)}
            </Text>
          </div>
          <Group gap={6}>
            <ProjectStatusBadge status={status} />
            <UrgencyBadge project={project} />
          </Group>
        </Group>
        {status === 'assigned' ? <ResponsePanel project={project} now={now} /> : null}
        {status === 'accepted' && project.respondedAt ? (
          <Text size="sm">You accepted this job on {formatDateTime(project.respondedAt)}.</Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label="Location">{project.location}</Fact>
          {jobSiteFacts(project).map((fact) => (
            <Fact key={fact.label} label={fact.label}>
              {fact.value}
            </Fact>
          ))}
          <Fact label="Client">{project.customer}</Fact>
          <Fact label="Capture type">{type}</Fact>
          <Fact label="Compensation">{formatCompensation(project)}</Fact>
          <Fact label="Scheduled date">
            {window
              ? `${formatDateTimeRange(window.start, window.end)}${window.confirmed ? '' : ' (proposed, awaiting confirmation)'}`
              : 'Not scheduled yet'}
          </Fact>
          <Fact label={status === 'assigned' ? 'Respond by' : 'Offered until'}>
            {formatDateTime(project.respondBy)}
          </Fact>
          {project.preferredDates?.notes ? <Fact label="Preferred dates">{project.preferredDates.notes}</Fact> : null}
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Deliverables
          </Text>
          <List size="sm" mt={4}>
            {deliverablesOf(project.captureType).map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
        </div>
        {status === 'accepted' || status === 'in_progress' ? (
          <Group gap="sm">
            <ButtonLink to={`${PORTAL_PATHS.provider.uploads}?order=${project.orderId}`} size="sm">
              Upload Deliverables
            </ButtonLink>
            <ButtonLink to={PORTAL_PATHS.provider.assignments} size="sm" variant="outline">
              Propose a schedule
            </ButtonLink>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A project's detail view (spec 001 §2 provider dashboard), read fresh from the server. */
export function ProjectDetail({ projectId, onBack }: { projectId: string; onBack: () => void }) {
  const project = useProviderAssignment(projectId);
  const now = useNow();
  return (
    <Stack gap="md">
      <Group>
        <Button variant="subtle" onClick={onBack}>
          Back to Projects
        </Button>
      </Group>
      {project.isPending ? <Text c="dimmed">Loading the project…</Text> : null}
      {project.isError ? (
        <QueryError error={project.error} onRetry={() => project.refetch()} what="this project" />
      ) : null}
      {project.data ? <ProjectFacts project={project.data} now={now} /> : null}
    </Stack>
  );
}
