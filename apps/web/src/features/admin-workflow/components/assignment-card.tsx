import { Anchor, Badge, Button, Card, Group, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  COMPENSATION_MAX,
  type TAssignmentQueueItem,
  type TProviderOption,
  WORKFLOW_MESSAGES,
  WORKFLOW_TOASTS,
  WORKFLOW_VALIDATION,
} from '@spacecapture/shared/contracts/admin-workflow';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { currencySymbol, formatDateTime, formatDateTimeRange, formatMoney } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useState } from 'react';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useConfirmSchedule } from '../api/confirm-schedule.ts';
import { useCreateAssignment } from '../api/create-assignment.ts';
import { useDispatchRanking } from '../api/get-dispatch-ranking.ts';
import { useProviderOptions } from '../api/get-provider-options.ts';
import { CascadePanel } from './cascade-panel.tsx';
import { WorkflowStatusBadge } from './workflow-status-badge.tsx';

/**
 * Where dispatch puts a provider for this order (decision 125): its rank and score, or out, with
 * the reasons. The one verdict the picker shows (decision 200).
 */
type TDispatchPlace = { rank: number; score: number; reasons: string[] } | { rank: null; reasons: string[] };

function ProviderLabel({ provider, dispatch }: { provider: TProviderOption; dispatch?: TDispatchPlace | undefined }) {
  const devices = provider.devices.map((device) => device.model).join(', ') || 'no devices';
  const certifications =
    provider.certifications.map((cert) => `${cert.scope} (${cert.status})`).join(', ') || 'no certifications';
  const out = dispatch?.rank === null;
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {provider.name}
        </Text>
        {dispatch ? (
          <Badge color={out ? 'gray' : 'teal'} variant="light" size="sm">
            {dispatch.rank === null ? 'out' : `rank ${dispatch.rank} · ${dispatch.score}`}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        Devices: {devices} · Certifications: {certifications} · Regions: {provider.regions.join(', ') || 'n/a'}
      </Text>
      {dispatch ? (
        <Text size="xs" c={out ? FIT_COLOR.misses : FIT_COLOR.fits} data-testid="provider-dispatch-reasons">
          {dispatch.reasons.join(' ')}
        </Text>
      ) : null}
      {out ? (
        <Anchor
          component={AppLink}
          to={`${PORTAL_PATHS.admin.providers}?provider=${encodeURIComponent(provider.id)}`}
          size="xs"
        >
          Open {provider.name}'s checklist
        </Anchor>
      ) : null}
    </Stack>
  );
}

function failed(error: unknown) {
  notifyError({ title: WORKFLOW_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) });
}

/** One order of the assignment queue (spec 001 §2 /admin/assignments). */
/** The verdict's reasons in a dark shade on the light scheme and a pale one on the dark: AA in both. */
const FIT_COLOR = {
  fits: 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-3))',
  misses: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))',
} as const;

export function AssignmentCard({ item }: { item: TAssignmentQueueItem }) {
  const { order, latestAssignment, latestProposal } = item;
  const providers = useProviderOptions(order.id);
  const ranking = useDispatchRanking(order.id);
  const dispatchOf = (providerId: string): TDispatchPlace | undefined => {
    const ranked = ranking.data?.ranked.find((entry) => entry.id === providerId);
    if (ranked) {
      return { rank: ranked.rank, score: ranked.score, reasons: ranked.factors.map((factor) => factor.reason) };
    }
    const out = ranking.data?.out.find((entry) => entry.id === providerId);
    return out ? { rank: null, reasons: out.reasons } : undefined;
  };
  // Best first: the ranked by rank, then those out; the picker's own order (by name) breaks ties.
  const sortKey = (providerId: string) => dispatchOf(providerId)?.rank ?? Number.POSITIVE_INFINITY;
  const pickerOptions = [...(providers.data?.items ?? [])].sort((a, b) => sortKey(a.id) - sortKey(b.id));
  const create = useCreateAssignment();
  const confirm = useConfirmSchedule();
  const [providerOrgId, setProviderOrgId] = useState('');
  const [compensation, setCompensation] = useState<number | string>('');
  const [compensationMissing, setCompensationMissing] = useState(false);
  // Taking an accepted job from its provider is a deliberate step with a reason (the server insists).
  const [reassigning, setReassigning] = useState(false);
  const [reassignReason, setReassignReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);

  // Once a provider has accepted, the job is theirs: the card offers the schedule, and another offer
  // only through Reassign, with a reason.
  const accepted = latestAssignment?.status === 'accepted';

  function onAssign() {
    if (!providerOrgId) {
      notifyError(WORKFLOW_VALIDATION.pickProvider);
      return;
    }
    // Every offer names its pay (decision 107): the provider never reads "To be confirmed".
    if (compensation === '') {
      setCompensationMissing(true);
      return;
    }
    if (accepted && !reassignReason.trim()) {
      setReasonMissing(true);
      return;
    }
    create.mutate(
      {
        orderId: order.id,
        providerOrgId,
        compensation: Number(compensation),
        ...(accepted ? { reassignReason: reassignReason.trim() } : {}),
      },
      {
        onSuccess: () => {
          setProviderOrgId('');
          setCompensation('');
          setReassigning(false);
          setReassignReason('');
        },
        onError: failed,
      },
    );
  }

  function onConfirm() {
    if (!latestAssignment) return;
    confirm.mutate(latestAssignment.id, { onError: failed });
  }

  const canConfirm = Boolean(latestAssignment && latestProposal?.start && latestProposal.end);
  const showPicker = !accepted || reassigning;
  return (
    <Card withBorder radius="md" p="md" data-testid="assignment-card" aria-label={`Order ${order.title}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600}>{order.title}</Text>
          <Text size="sm">Location: {order.location}</Text>
          <Text size="sm">Capture type: {labelOf(CAPTURE_TYPE_OPTIONS, order.captureType)}</Text>
          <Text size="sm">Customer: {order.customerOrg.name}</Text>
        </div>
        <WorkflowStatusBadge status={order.status} />
      </Group>
      <Text size="sm" mt="xs">
        {latestAssignment
          ? `Latest assignment: ${latestAssignment.providerOrg.name} (${latestAssignment.status}), respond by ${formatDateTime(latestAssignment.respondBy)}${latestAssignment.compensation === null ? '' : `, compensation ${formatMoney(latestAssignment.compensation, latestAssignment.currency)}`}`
          : 'No assignment yet.'}
      </Text>
      <Text size="sm">
        {latestProposal
          ? `Proposed schedule: ${formatDateTimeRange(latestProposal.start, latestProposal.end)}`
          : 'No schedule proposed yet.'}
      </Text>
      <CascadePanel orderId={order.id} />
      {showPicker ? (
        <>
          <Radio.Group
            mt="sm"
            label="Provider"
            value={providerOrgId}
            onChange={setProviderOrgId}
            aria-label={`Provider for ${order.title}`}
          >
            <Stack gap="xs" mt={4}>
              {providers.isPending ? <Text size="sm">Loading providers…</Text> : null}
              {providers.isError ? (
                <Text size="sm" c="red">
                  {errorMessage(providers.error, NETWORK_FALLBACK)}
                </Text>
              ) : null}
              {providers.data?.items.length === 0 ? <Text size="sm">No active providers.</Text> : null}
              {pickerOptions.map((provider) => (
                <Radio
                  key={provider.id}
                  value={provider.id}
                  label={<ProviderLabel provider={provider} dispatch={dispatchOf(provider.id)} />}
                />
              ))}
            </Stack>
          </Radio.Group>
          <NumberInput
            mt="sm"
            label="Compensation"
            withAsterisk
            description={`Paid to the provider for this job, in the order's currency (${order.currency})`}
            leftSection={<Text size="sm">{currencySymbol(order.currency)}</Text>}
            value={compensation}
            onChange={(value) => {
              setCompensation(value);
              setCompensationMissing(false);
            }}
            min={0}
            max={COMPENSATION_MAX}
            decimalScale={2}
            thousandSeparator=","
            allowNegative={false}
            error={
              compensationMissing
                ? WORKFLOW_MESSAGES.compensationRequired
                : create.error instanceof ApiError
                  ? create.error.fields.compensation
                  : undefined
            }
            maw={240}
          />
          {accepted ? (
            <Textarea
              mt="sm"
              label="Reason for reassigning"
              withAsterisk
              description={`Sent to ${latestAssignment?.providerOrg.name ?? 'the provider'}, who accepted this job`}
              value={reassignReason}
              onChange={(event) => {
                setReassignReason(event.currentTarget.value);
                setReasonMissing(false);
              }}
              error={
                reasonMissing
                  ? WORKFLOW_MESSAGES.reassignReason
                  : create.error instanceof ApiError
                    ? create.error.fields.reassignReason
                    : undefined
              }
              autosize
              minRows={2}
            />
          ) : null}
        </>
      ) : null}
      <Group gap="xs" mt="sm">
        {showPicker ? (
          <Button size="xs" onClick={onAssign} loading={create.isPending}>
            {accepted ? 'Reassign job' : 'Create Assignment'}
          </Button>
        ) : (
          <Button size="xs" variant="default" onClick={() => setReassigning(true)}>
            Reassign…
          </Button>
        )}
        {accepted && reassigning ? (
          <Button size="xs" variant="subtle" onClick={() => setReassigning(false)}>
            Keep {latestAssignment?.providerOrg.name}
          </Button>
        ) : null}
        <Button size="xs" variant="light" onClick={onConfirm} disabled={!canConfirm} loading={confirm.isPending}>
          Confirm latest schedule
        </Button>
      </Group>
    </Card>
  );
}
