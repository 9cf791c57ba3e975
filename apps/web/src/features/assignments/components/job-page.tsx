import { Anchor, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatMoney, formatPlaceWindow } from '@spacecapture/shared/format';
import { deliverablesForCaptureType, devicesForCaptureType } from '@spacecapture/shared/job-brief';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { providerFitsCaptureType } from '@spacecapture/shared/provider-fit';
import type { ReactNode } from 'react';
import { jobSiteFacts } from '../../../components/portal/job-site.tsx';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useProviderAssignment } from '../../../resources/provider/get-assignment.ts';
import { useDevices } from '../../../resources/provider/get-devices.ts';
import { jobTitle, UploadsOpening } from './job-card.tsx';
import { jobChecklist } from './job-checklist.ts';

type TCoordinates = NonNullable<TProviderAssignment['coordinates']>;

/** A `geo:` URI (RFC 5870): the phone offers its own maps app. */
export function geoUri({ lat, lon }: TCoordinates): string {
  return `geo:${lat},${lon}`;
}

/** The place on OpenStreetMap, a pin at street level. */
export function openStreetMapUrl({ lat, lon }: TCoordinates): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** A section of the page: a heading and what follows it, in a bordered card. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} fz={18} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function Site({ job }: { job: TProviderAssignment }) {
  return (
    <Part id="job-site" title="Site">
      <Line label="Address">{job.location}</Line>
      {jobSiteFacts(job).map((fact) => (
        <Line key={fact.label} label={fact.label}>
          {fact.value}
        </Line>
      ))}
      {job.coordinates ? (
        <Group gap="md" data-testid="map-links">
          <Anchor href={geoUri(job.coordinates)} size="sm" fw={600}>
            Open in a maps app
          </Anchor>
          <Anchor href={openStreetMapUrl(job.coordinates)} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            View on OpenStreetMap
          </Anchor>
        </Group>
      ) : job.masked ? (
        <Text size="sm" c="dimmed">
          The address, the map, the access notes and the site contact are shown once you accept.
        </Text>
      ) : null}
    </Part>
  );
}

/** The confirmed window, or the proposal awaiting confirmation, in the place's zone (decision 141). */
function CaptureWindow({ job }: { job: TProviderAssignment }) {
  let text: string;
  if (job.scheduledStart && job.scheduledEnd) {
    text = formatPlaceWindow(job.scheduledStart, job.scheduledEnd, job.timeZone);
  } else if (job.proposedWindows.length > 0) {
    text = `${job.proposedWindows.map((window) => formatPlaceWindow(window.start, window.end, job.timeZone)).join(' · ')} (proposed, awaiting confirmation)`;
  } else if (job.proposedStart && job.proposedEnd) {
    text = `${formatPlaceWindow(job.proposedStart, job.proposedEnd, job.timeZone)} (proposed, awaiting confirmation)`;
  } else {
    text =
      job.status === 'accepted' ? 'No window proposed yet: propose one on Assigned Jobs.' : 'Not yet: accept first.';
  }
  return (
    <Line label={job.scheduledStart ? 'Confirmed window' : 'Capture window'}>
      <span data-testid="capture-window">{text}</span>
    </Line>
  );
}

/** The organisation's own devices that can do the capture, or what to do when none can. */
function YourDevices({ captureType }: { captureType: string }) {
  const devices = useDevices();
  if (!devices.data) return null;
  const fitting = devices.data.items.filter((device) => providerFitsCaptureType(captureType, [device.model]).fits);
  return (
    <Line label="Your devices that fit">
      {fitting.length > 0 ? (
        fitting.map((device) => `${device.model} (${device.serial})`).join(', ')
      ) : (
        <>
          none registered.{' '}
          <Anchor component={AppLink} to={PORTAL_PATHS.provider.devices} inherit>
            Add one on Device Inventory
          </Anchor>
        </>
      )}
    </Line>
  );
}

function Brief({ job }: { job: TProviderAssignment }) {
  const deliverables = deliverablesForCaptureType(job.captureType);
  return (
    <Part id="job-brief" title="Brief">
      <Line label="Capture">{labelOf(CAPTURE_TYPE_OPTIONS, job.captureType)}</Line>
      <Line label="Devices">{devicesForCaptureType(job.captureType).join(', ')}</Line>
      <YourDevices captureType={job.captureType} />
      <Text size="sm" fw={600}>
        Deliverables expected:
      </Text>
      <List size="sm" spacing={2} aria-label="Deliverables expected">
        {deliverables.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      {job.preferredDates?.notes ? <Line label="Customer's note">{job.preferredDates.notes}</Line> : null}
      <Line label="Client">{job.customer}</Line>
      <Line label="Compensation">
        {job.compensation === null ? 'Not set' : formatMoney(job.compensation, job.currency)}
      </Line>
    </Part>
  );
}

function Checklist({ job }: { job: TProviderAssignment }) {
  const now = useNow(60_000);
  return (
    <Part id="job-checklist" title="Checklist">
      <List spacing="xs" listStyleType="none" aria-label="Checklist">
        {jobChecklist(job, now).map((step) => (
          <List.Item key={step.key} data-testid={`step-${step.key}`} data-done={step.done}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <ThemeIcon size="sm" radius="xl" color={step.done ? 'teal' : 'gray'} variant="light" aria-hidden>
                {step.done ? '✓' : '·'}
              </ThemeIcon>
              <div>
                <Text size="sm" fw={600}>
                  {step.label}: {step.done ? 'done' : 'to do'}
                </Text>
                <Text size="sm" c="dimmed">
                  {step.detail}
                </Text>
              </div>
            </Group>
          </List.Item>
        ))}
      </List>
    </Part>
  );
}

/**
 * One job for the phone on site (decision 207): where it is, with map links and the site's phone
 * once accepted; when, in the place's zone; what to capture and deliver; the steps done and to do;
 * and when files can be uploaded. Answering an offer stays on Assigned Jobs.
 */
export function JobPage({ job }: { job: TProviderAssignment }) {
  const accepted = job.status === 'accepted';
  return (
    <Stack gap="md">
      <Site job={job} />
      <Part id="job-when" title="When">
        <CaptureWindow job={job} />
      </Part>
      <Brief job={job} />
      <Checklist job={job} />
      <Part id="job-uploads" title="Uploads">
        {accepted ? (
          <>
            <UploadsOpening job={job} />
            <Group>
              <ButtonLink to={`${PORTAL_PATHS.provider.uploads}?order=${job.orderId}`} size="sm">
                Upload Deliverables
              </ButtonLink>
            </Group>
          </>
        ) : (
          <Text size="sm">Uploads open once you accept and the capture window starts.</Text>
        )}
      </Part>
      {job.status === 'offered' ? (
        <Text size="sm">
          <Anchor component={AppLink} to={PORTAL_PATHS.provider.assignments}>
            Answer this offer on Assigned Jobs
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * `/provider/jobs/:assignmentId`: the organisation's job as the API answers it (a 404 for another
 * organisation's, shown as the error it is), under the job's name, with the way back to the list.
 */
export function JobScreen({ assignmentId }: { assignmentId: string }) {
  const job = useProviderAssignment(assignmentId);
  return (
    <PortalPage
      title={job.data ? jobTitle(job.data) : 'Job'}
      description={
        <Anchor component={AppLink} to={PORTAL_PATHS.provider.assignments} size="sm">
          Back to Assigned Jobs
        </Anchor>
      }
    >
      <RecordState query={job} what="the job">
        {(data: TProviderAssignment) => <JobPage job={data} />}
      </RecordState>
    </PortalPage>
  );
}
