import { Anchor, Badge, Button, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { WORKFLOW_TOASTS } from '@spacecapture/shared/contracts/admin-workflow';
import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatDateTime, formatDateTimeRange, formatMoney } from '@spacecapture/shared/format';
import { PORTAL_PATHS, providerJobPath } from '@spacecapture/shared/portal-paths';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { AcceptJobDialog, jobSiteFacts } from '../../../components/portal/job-site.tsx';
import { UrgencyBadge } from '../../../components/portal/urgency-badge.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type TAnswer, useAnswerAssignment } from '../../../resources/provider/answer-assignment.ts';
import { timelineLabel } from './format.ts';
import { ReschedulePanel } from './reschedule-panel.tsx';
import { RespondByCountdown, useMinuteClock } from './respond-by-countdown.tsx';
import { ScheduleProposalForm } from './schedule-proposal-form.tsx';

/**
 * Accept and Decline as the spec enables them (spec 001 §4: Accept off once accepted, Decline off
 * once declined), narrowed to what the server allows: only an open offer before its deadline can
 * be answered, so an accepted job cannot be declined and an expired offer neither.
 */
export function answerButtons(job: Pick<TProviderAssignment, 'status' | 'accepted' | 'respondBy'>, now: number) {
  const open = job.status === 'offered' && new Date(job.respondBy).getTime() > now;
  return { canAccept: open && job.accepted !== true, canDecline: open && job.accepted !== false };
}

export function jobTitle(job: Pick<TProviderAssignment, 'title' | 'captureType'>) {
  return job.title ?? `${labelOf(CAPTURE_TYPE_OPTIONS, job.captureType)} job`;
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** The window of an accepted job: confirmed by an admin, or proposed and awaiting confirmation. */
function ScheduleWindow({ job }: { job: TProviderAssignment }) {
  if (job.scheduledStart && job.scheduledEnd) {
    return <Line label="Confirmed window">{formatDateTimeRange(job.scheduledStart, job.scheduledEnd)}</Line>;
  }
  // Every window proposed, not just the first: the customer picks among them.
  if (job.proposedWindows.length > 1) {
    return (
      <Line label="Proposed windows">
        {job.proposedWindows.map((window) => formatDateTimeRange(window.start, window.end)).join(' · ')} (awaiting the
        customer's pick or confirmation)
      </Line>
    );
  }
  if (job.proposedStart && job.proposedEnd) {
    return (
      <Line label="Proposed window">
        {formatDateTimeRange(job.proposedStart, job.proposedEnd)} (awaiting confirmation)
      </Line>
    );
  }
  return <Text size="sm">No schedule window proposed yet.</Text>;
}

/** One job of Assigned Jobs (spec 001 §2): the offer with its countdown, or the accepted work. */
/**
 * When the job's uploads open and why (decision 201): files wait for the confirmed capture window
 * to start, unless an admin opens them earlier.
 */
export function UploadsOpening({ job }: { job: Pick<TProviderAssignment, 'uploads'> }) {
  const { uploads } = job;
  let text: string;
  if (uploads.open) {
    text = uploads.openedEarly ? 'Uploads are open: an admin opened them early.' : 'Uploads are open.';
  } else if (uploads.opensAt) {
    text = `Uploads open ${formatDateTime(uploads.opensAt)}, when the capture window starts. Need them sooner? Ask the SpaceCapture team: an admin can open them early.`;
  } else {
    text = 'Uploads open when the capture window starts, once the schedule is confirmed.';
  }
  return (
    <Text size="sm" data-testid="uploads-opening">
      {text}
    </Text>
  );
}

/**
 * `extras`: what the page adds under the job (its Messages panel). `onAccepted` and `takeFocus`
 * keep the keyboard's place: the accepted job moves to another list, and its card there takes focus.
 */
export function JobCard({
  job,
  extras,
  onAccepted,
  takeFocus = false,
}: {
  job: TProviderAssignment;
  extras?: ReactNode;
  onAccepted?: () => void;
  takeFocus?: boolean;
}) {
  const answer = useAnswerAssignment({
    onSuccess: (kind, queued) =>
      notifySuccess(
        queued
          ? WORKFLOW_TOASTS.savedOffline
          : kind === 'accept'
            ? WORKFLOW_TOASTS.offerAccepted
            : { message: '', ...WORKFLOW_TOASTS.offerDeclined },
      ),
  });
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const [confirmingAccept, setConfirmingAccept] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Shown with its ring: the job has moved to the accepted list, and this says where.
    if (takeFocus) cardRef.current?.focus({ focusVisible: true });
  }, [takeFocus]);
  // Re-rendered when the deadline passes, so the buttons turn off with the countdown.
  const now = useMinuteClock(new Date(job.respondBy).getTime());
  const { canAccept, canDecline } = answerButtons(job, now);
  const timeline = timelineLabel(job.preferredDates?.timeline);

  function send(kind: TAnswer) {
    answer.mutate(
      { id: job.id, answer: kind, label: jobTitle(job) },
      {
        onSuccess: () => {
          setConfirmingDecline(false);
          setConfirmingAccept(false);
          // Accept turns off once pressed, which drops focus to the page: the job takes it instead,
          // so the keyboard goes on to its schedule form (decision 191).
          if (kind === 'accept') onAccepted?.();
        },
        onError: (error) => {
          setConfirmingDecline(false);
          setConfirmingAccept(false);
          notifyError({
            title: kind === 'accept' ? WORKFLOW_TOASTS.failedToAccept.title : WORKFLOW_TOASTS.failedToDecline.title,
            message: errorMessage(error, NETWORK_FALLBACK),
          });
        },
      },
    );
  }

  const accepted = job.status === 'accepted';
  const compensation = job.compensation === null ? 'Not set' : formatMoney(job.compensation, job.currency);
  return (
    <Card ref={cardRef} tabIndex={-1} withBorder radius="md" p="md" data-testid="job-card" aria-label={jobTitle(job)}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600}>{jobTitle(job)}</Text>
            <Text size="xs" c="dimmed">
              Offered {formatDateTime(job.createdAt)}
            </Text>
          </div>
          {/* On a narrow card the badges stack rather than clip their words. */}
          <Group gap={6} wrap="wrap" justify="flex-end">
            <UrgencyBadge project={job} />
            <Badge color={accepted ? 'teal' : 'blue'} variant="light" radius="sm">
              {job.status}
            </Badge>
          </Group>
        </Group>
        <Anchor component={AppLink} to={providerJobPath(job.id)} size="sm" fw={600}>
          Job page
        </Anchor>
        <Line label="Location">{job.location}</Line>
        {jobSiteFacts(job).map((fact) => (
          <Line key={fact.label} label={fact.label}>
            {fact.value}
          </Line>
        ))}
        <Line label="Client">{job.customer}</Line>
        <Line label="Capture type">{labelOf(CAPTURE_TYPE_OPTIONS, job.captureType)}</Line>
        {timeline ? <Line label="Timeline">{timeline}</Line> : null}
        {job.preferredDates?.notes ? <Line label="Preferred dates">{job.preferredDates.notes}</Line> : null}
        <Line label="Compensation">{compensation}</Line>

        {accepted ? (
          <>
            <Text size="sm" c="teal">
              You accepted this job{job.respondedAt ? ` on ${formatDateTime(job.respondedAt)}` : ''}.
            </Text>
            <ScheduleWindow job={job} />
            <UploadsOpening job={job} />
            <Group>
              <ButtonLink to={`${PORTAL_PATHS.provider.uploads}?order=${job.orderId}`} size="sm">
                Upload Deliverables
              </ButtonLink>
            </Group>
            {job.orderStatus === 'assigned' ? (
              <>
                <Divider />
                <ScheduleProposalForm assignmentId={job.id} />
              </>
            ) : null}
            {job.orderStatus === 'scheduled' ? (
              <>
                <Divider />
                <ReschedulePanel assignmentId={job.id} />
              </>
            ) : null}
          </>
        ) : (
          <Group gap="sm">
            <RespondByCountdown respondBy={job.respondBy} />
            <Text size="xs" c="dimmed">
              Respond by {formatDateTime(job.respondBy)}
            </Text>
          </Group>
        )}

        <Group gap="xs">
          <Button size="xs" color="teal" disabled={!canAccept} onClick={() => setConfirmingAccept(true)}>
            Accept
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red"
            disabled={!canDecline}
            onClick={() => setConfirmingDecline(true)}
          >
            Decline
          </Button>
        </Group>
        {extras}
      </Stack>
      <AcceptJobDialog
        job={job}
        compensation={compensation}
        opened={confirmingAccept}
        loading={answer.isPending && answer.variables?.answer === 'accept'}
        onConfirm={() => send('accept')}
        onCancel={() => setConfirmingAccept(false)}
      />
      <ConfirmDialog
        opened={confirmingDecline}
        title="Decline this job?"
        confirmLabel="Decline job"
        loading={answer.isPending && answer.variables?.answer === 'decline'}
        onConfirm={() => send('decline')}
        onCancel={() => setConfirmingDecline(false)}
      >
        The offer goes back to the admins and cannot be accepted afterwards.
      </ConfirmDialog>
    </Card>
  );
}
