import { Anchor, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type TApplication, WORKFLOW_EMPTY, WORKFLOW_TOASTS } from '@spacecapture/shared/contracts/admin-workflow';
import { APPLICATION_MACHINE, canTransition } from '@spacecapture/shared/state-machines';
import { ListState } from '../../../components/portal/list-state.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useApproveApplication } from '../api/approve-application.ts';
import { portfolioUrl, useApplications } from '../api/get-applications.ts';
import { useRejectApplication } from '../api/reject-application.ts';
import { useSetApplicationStatus } from '../api/set-application-status.ts';
import { WorkflowStatusBadge } from './workflow-status-badge.tsx';

function ApplicationCard({ application }: { application: TApplication }) {
  const setStatus = useSetApplicationStatus();
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const busy = setStatus.isPending || approve.isPending || reject.isPending;
  const callbacks = {
    onError: (error: unknown) =>
      notifyError({ title: WORKFLOW_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) }),
  };
  const allowed = (to: TApplication['status']) => !busy && canTransition(APPLICATION_MACHINE, application.status, to);

  return (
    <Card
      withBorder
      radius="md"
      p="md"
      data-testid="application-card"
      aria-label={`Application ${application.orgName}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600}>{application.orgName}</Text>
          <Text size="sm">{application.contact.email}</Text>
          <Text size="sm">Region: {application.region ?? 'n/a'}</Text>
        </div>
        <WorkflowStatusBadge status={application.status} />
      </Group>
      {application.portfolioFile ? (
        <Anchor href={portfolioUrl(application.id)} size="sm" download={application.portfolioFile.originalName}>
          Open portfolio ({application.portfolioFile.originalName})
        </Anchor>
      ) : null}
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          variant="light"
          disabled={!allowed('reviewing')}
          onClick={() => setStatus.mutate({ id: application.id, status: 'reviewing' }, callbacks)}
        >
          Mark reviewing
        </Button>
        <Button
          size="xs"
          variant="light"
          disabled={!allowed('interview')}
          onClick={() => setStatus.mutate({ id: application.id, status: 'interview' }, callbacks)}
        >
          Schedule interview
        </Button>
        <Button
          size="xs"
          color="teal"
          disabled={!allowed('approved')}
          onClick={() => approve.mutate(application.id, callbacks)}
        >
          Approve
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={!allowed('rejected')}
          onClick={() => reject.mutate(application.id, callbacks)}
        >
          Reject
        </Button>
      </Group>
    </Card>
  );
}

/** Provider Applications (spec 001 §2 /admin/triage). */
export function ApplicationsColumn() {
  const applications = useApplications();
  const items = applications.data?.items ?? [];
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz={20}>
          Provider Applications
        </Title>
        <ListState query={applications} count={items.length} what="applications" empty={WORKFLOW_EMPTY.applications}>
          {items.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </ListState>
      </Stack>
    </Paper>
  );
}
