import { Anchor, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  APPLICATION_STATUSES,
  type TApplication,
  WORKFLOW_EMPTY,
  WORKFLOW_TOASTS,
} from '@spacecapture/shared/contracts/admin-workflow';
import { EXPERIENCE_LEVEL_OPTIONS, labelOf, PROVIDER_DEVICE_OPTIONS } from '@spacecapture/shared/enums';
import { formatDateTime } from '@spacecapture/shared/format';
import { APPLICATION_MACHINE, canTransition } from '@spacecapture/shared/state-machines';
import { ListState } from '../../../components/portal/list-state.tsx';
import { LoadMore } from '../../../components/portal/load-more.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useApproveApplication } from '../api/approve-application.ts';
import { portfolioUrl, useApplications } from '../api/get-applications.ts';
import { useRejectApplication } from '../api/reject-application.ts';
import { useSetApplicationStatus } from '../api/set-application-status.ts';
import { Detail } from './detail.tsx';
import { APPLICATION_PARAMS, emptyTriageText, TriageFilterBar, useTriageFilters } from './triage-filters.tsx';
import { WorkflowStatusBadge } from './workflow-status-badge.tsx';

/** devices_owned holds the chosen device upper-cased ("META", "MULTIPLE"), or nothing for "none". */
function devicesOf(application: TApplication) {
  if (application.devicesOwned.length === 0) return labelOf(PROVIDER_DEVICE_OPTIONS, 'none');
  return application.devicesOwned.map((device) => labelOf(PROVIDER_DEVICE_OPTIONS, device.toLowerCase())).join(', ');
}

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
          <Text size="sm">
            {application.contact.firstName} {application.contact.lastName}
          </Text>
          <Text size="sm">{application.contact.email}</Text>
          <Text size="sm">{application.contact.phone}</Text>
        </div>
        <WorkflowStatusBadge status={application.status} />
      </Group>
      <Stack gap={2} mt="xs">
        <Detail label="Region" value={application.region ?? 'n/a'} />
        <Detail label="Devices" value={devicesOf(application)} />
        {/* devices_notes holds the experience level the applicant chose (spec 000). */}
        <Detail
          label="Experience"
          value={application.devicesNotes ? labelOf(EXPERIENCE_LEVEL_OPTIONS, application.devicesNotes) : null}
        />
        {application.contact.website ? (
          <Text size="sm">
            <Text span c="var(--color-muted)" size="sm">
              Website:
            </Text>{' '}
            <Anchor href={application.contact.website} target="_blank" rel="noopener noreferrer" size="sm">
              {application.contact.website}
            </Anchor>
          </Text>
        ) : null}
        <Detail label="Notes" value={application.notes} />
        <Detail label="Received" value={formatDateTime(application.createdAt)} />
      </Stack>
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

/** Provider Applications (spec 001 §2 /admin/triage): open ones first by default, a status filter and a search. */
export function ApplicationsColumn() {
  const { filters, setStatus, setSearch } = useTriageFilters(APPLICATION_PARAMS, APPLICATION_STATUSES);
  const applications = useApplications(filters);
  const items = applications.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz={20}>
          Provider Applications
        </Title>
        <TriageFilterBar
          what="applications"
          placeholder="Organization, contact or region"
          statuses={APPLICATION_STATUSES}
          filters={filters}
          setStatus={setStatus}
          setSearch={setSearch}
        />
        <ListState
          query={applications}
          count={items.length}
          what="applications"
          empty={emptyTriageText(filters, 'applications', WORKFLOW_EMPTY.applications)}
        >
          {items.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </ListState>
        <LoadMore query={applications} />
      </Stack>
    </Paper>
  );
}
