import { Alert, Button, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  PAYABLE_STATUSES,
  PAYOUT_PROMISE_DAYS,
  type TPayable,
  type TPayableList,
  type TPayableStatus,
  type TPayoutRun,
} from '@spacecapture/shared/contracts/payouts';
import { formatDate, formatDateTime, formatMoney } from '@spacecapture/shared/format';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useQueryParams } from '../../../lib/navigation.ts';
import { useCreatePayoutRun } from '../api/create-payout-run.ts';
import { usePayables, usePayoutRuns } from '../api/get-payables.ts';
import { useResumePayout } from '../api/resume-payout.ts';

const OVERDUE_COLOR = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';
const STATUS_LABELS: Record<TPayableStatus, string> = { due: 'Due', overdue: 'Overdue', paid: 'Paid' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz={20}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** What is owed per currency, and how much of it is past the promised date. */
function OwedSummary({ list }: { list: TPayableList }) {
  if (list.totals.length === 0) return <Text c="dimmed">Nothing is owed to providers.</Text>;
  return (
    <Stack gap={4} role="status" aria-label="Owed to providers">
      {list.totals.map((total) => (
        <Text key={total.currency} size="sm">
          {formatMoney(total.due, total.currency)} owed for {total.dueCount} job{total.dueCount === 1 ? '' : 's'}
          {total.overdueCount > 0 ? (
            <Text span fw={600} style={{ color: OVERDUE_COLOR }}>
              {' '}
              · {formatMoney(total.overdue, total.currency)} overdue ({total.overdueCount})
            </Text>
          ) : null}
        </Text>
      ))}
    </Stack>
  );
}

type TGroup = {
  key: string;
  providerOrgId: string;
  providerName: string;
  stripeReady: boolean;
  currency: string;
  items: TPayable[];
};

function groupsOf(items: readonly TPayable[]): TGroup[] {
  const groups = new Map<string, TGroup>();
  for (const item of items) {
    const key = `${item.providerOrg.id}:${item.currency}`;
    const group = groups.get(key) ?? {
      key,
      providerOrgId: item.providerOrg.id,
      providerName: item.providerOrg.name ?? 'Provider',
      stripeReady: item.providerOrg.stripeReady,
      currency: item.currency,
      items: [],
    };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function PayablesTable({ items, label }: { items: readonly TPayable[]; label: string }) {
  return (
    <DataTable
      label={label}
      columns={['Job', 'Amount', 'Payable since', 'Expected by', 'Paid', 'Reference']}
      minWidth={640}
    >
      {items.map((item) => (
        <Table.Tr key={item.id}>
          <Table.Td>
            {item.order.title ?? 'Job'}
            {item.kind === 'adjustment' ? ' (adjustment)' : ''}
            {item.lastFailure ? (
              <Text size="xs" style={{ color: OVERDUE_COLOR }}>
                {item.lastFailure.reason} ({formatDate(item.lastFailure.at)})
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>
            {formatMoney(item.amount, item.currency)}
            {item.reversed > 0 ? (
              <Text size="xs" c="dimmed">
                {formatMoney(item.reversed, item.currency)} reversed by a refund
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>{formatDate(item.dueAt)}</Table.Td>
          <Table.Td>
            {item.overdue ? (
              <Text span size="sm" fw={600} style={{ color: OVERDUE_COLOR }}>
                {formatDate(item.expectedBy)} · Overdue
              </Text>
            ) : (
              formatDate(item.expectedBy)
            )}
          </Table.Td>
          <Table.Td>{item.paidAt ? formatDate(item.paidAt) : '–'}</Table.Td>
          <Table.Td>{item.reference ?? '–'}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** What a run did, in a line: each transfer paid, still pending, or refused with the reason. */
function runSummary(run: TPayoutRun) {
  return run.payouts
    .map((payout) => {
      const who = `${payout.providerOrg.name ?? 'Provider'}: ${formatMoney(payout.amount, payout.currency)}`;
      return payout.status === 'paid' ? who : `${who} ${payout.status} — ${payout.failureReason ?? ''}`;
    })
    .join(', ');
}

/**
 * A payout run: by recorded bank transfer, one transfer per provider and currency, each with the
 * reference of the transfer the admin made (only the groups given a reference are paid); or, for
 * a provider whose Stripe account is ready, by Stripe transfer at once (decision 228).
 */
function PayoutRunForm({
  groups,
  stripeTransfers,
  onRecorded,
}: {
  groups: TGroup[];
  stripeTransfers: boolean;
  onRecorded: (summary: string | null) => void;
}) {
  const [references, setReferences] = useState<Record<string, string>>({});
  const run = useCreatePayoutRun();
  const stripe = useCreatePayoutRun();
  const chosen = groups.filter((group) => (references[group.key] ?? '').trim() !== '');
  const error = run.error instanceof ApiError ? run.error : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    onRecorded(null);
    const result = await run
      .mutateAsync({
        method: 'bank_transfer',
        transfers: chosen.map((group) => ({
          providerOrgId: group.providerOrgId,
          currency: group.currency,
          assignmentIds: group.items.map((item) => item.assignmentId),
          reference: (references[group.key] ?? '').trim(),
        })),
      })
      .catch(() => null);
    if (result) {
      setReferences({});
      onRecorded(runSummary(result));
    }
  }

  async function payByStripe(group: TGroup) {
    onRecorded(null);
    const result = await stripe
      .mutateAsync({
        method: 'stripe_transfer',
        transfers: [
          {
            providerOrgId: group.providerOrgId,
            currency: group.currency,
            assignmentIds: group.items.map((item) => item.assignmentId),
          },
        ],
      })
      .catch(() => null);
    if (result) onRecorded(runSummary(result));
  }
  const stripeError = stripe.error instanceof ApiError ? stripe.error : null;

  return (
    <form onSubmit={submit} aria-label="Payout run">
      <Stack gap="lg">
        {groups.map((group) => {
          const total = group.items.reduce((sum, item) => sum + item.amount, 0);
          return (
            <Stack key={group.key} gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Title order={3} fz={16}>
                  {group.providerName} · {formatMoney(total, group.currency)}
                </Title>
                {stripeTransfers && group.stripeReady ? (
                  <Button variant="light" loading={stripe.isPending} onClick={() => payByStripe(group)}>
                    Pay {group.providerName} by Stripe transfer
                  </Button>
                ) : null}
                <TextInput
                  label={`Bank transfer reference for ${group.providerName} (${group.currency})`}
                  value={references[group.key] ?? ''}
                  maxLength={100}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setReferences((current) => ({ ...current, [group.key]: value }));
                  }}
                  w={{ base: '100%', sm: 320 }}
                />
              </Group>
              <PayablesTable items={group.items} label={`Owed to ${group.providerName} in ${group.currency}`} />
            </Stack>
          );
        })}
        {error ? (
          <Alert color="red" title="The payout run was not recorded">
            {Object.values(error.fields)[0] ?? error.message}
          </Alert>
        ) : null}
        {stripeError ? (
          <Alert color="red" title="The Stripe transfer was not sent">
            {Object.values(stripeError.fields)[0] ?? stripeError.message}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={run.isPending} disabled={chosen.length === 0}>
            Record payout run ({chosen.length})
          </Button>
          <Text size="sm" c="dimmed">
            Enter the reference of each bank transfer you made; only those providers are marked paid.
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

const PAYOUT_STATUS_LABELS: Record<TPayoutRun['payouts'][number]['status'], string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
};

function Runs() {
  const runs = usePayoutRuns();
  const resume = useResumePayout();
  return (
    <RecordState query={runs} what="payout runs">
      {(data: { items: TPayoutRun[] }) =>
        data.items.length === 0 ? (
          <Text c="dimmed">No payout runs yet.</Text>
        ) : (
          <DataTable
            label="Payout runs"
            columns={['When', 'Status', 'Provider', 'Amount', 'Jobs', 'Reference']}
            minWidth={640}
          >
            {data.items.flatMap((item) =>
              item.payouts.map((payout) => (
                <Table.Tr key={payout.id}>
                  <Table.Td>
                    {formatDateTime(item.createdAt)}
                    {item.scheduled ? (
                      <Text size="xs" c="dimmed">
                        Scheduled run
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {PAYOUT_STATUS_LABELS[payout.status]}
                      {payout.method === 'stripe_transfer' ? ' · Stripe' : ''}
                    </Text>
                    {payout.resumedAt ? (
                      <Text size="xs" c="dimmed">
                        Sent again automatically {formatDateTime(payout.resumedAt)}
                      </Text>
                    ) : null}
                    {payout.status !== 'paid' && payout.failureReason ? (
                      <Text size="xs" style={{ color: OVERDUE_COLOR }}>
                        {payout.failureReason}
                      </Text>
                    ) : null}
                    {payout.status === 'pending' ? (
                      <Button
                        size="xs"
                        variant="light"
                        mt={4}
                        loading={resume.isPending && resume.variables === payout.id}
                        onClick={() => resume.mutate(payout.id)}
                      >
                        Send again
                      </Button>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{payout.providerOrg.name ?? 'Provider'}</Table.Td>
                  <Table.Td>
                    {formatMoney(payout.amount, payout.currency)}
                    {payout.reversed > 0 ? (
                      <Text size="xs" c="dimmed">
                        {formatMoney(payout.reversed, payout.currency)} reversed
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{payout.jobs}</Table.Td>
                  <Table.Td>{payout.reference || '–'}</Table.Td>
                </Table.Tr>
              )),
            )}
          </DataTable>
        )
      }
    </RecordState>
  );
}

function initialStatus(value: string | null): TPayableStatus {
  return (PAYABLE_STATUSES as readonly string[]).includes(value ?? '') ? (value as TPayableStatus) : 'due';
}

/**
 * Provider payouts for admins (decision 213): what is owed and overdue, a payout run by recorded
 * bank transfer, what was paid, and the latest runs.
 */
export function PayoutsAdmin() {
  const params = useQueryParams();
  const [status, setStatus] = useState<TPayableStatus>(() => initialStatus(params.get('status')));
  const payables = usePayables(status);
  // Kept here: the jobs it paid leave the form's list, and the form may go with them.
  const [recorded, setRecorded] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        A job's compensation is due when the customer approves the delivery and expected to be paid within{' '}
        {PAYOUT_PROMISE_DAYS} days.
      </Text>
      {recorded ? (
        <Text role="status" size="sm" fw={500}>
          Payout recorded — {recorded}
        </Text>
      ) : null}
      <SegmentedControl
        aria-label="Payables"
        value={status}
        onChange={(value) => setStatus(initialStatus(value))}
        data={PAYABLE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        w={{ base: '100%', sm: 'auto' }}
      />
      <RecordState query={payables} what="payables">
        {(list: TPayableList) => (
          <Stack gap="lg">
            <Section title="Owed to providers">
              <OwedSummary list={list} />
            </Section>
            <Section title={status === 'paid' ? 'Paid' : 'Payout run'}>
              {list.items.length === 0 ? (
                <Text c="dimmed">{status === 'paid' ? 'Nothing paid yet.' : `Nothing ${status}.`}</Text>
              ) : status === 'paid' ? (
                <PayablesTable items={list.items} label="Paid jobs" />
              ) : (
                <PayoutRunForm
                  groups={groupsOf(list.items)}
                  stripeTransfers={list.stripeTransfers}
                  onRecorded={setRecorded}
                />
              )}
            </Section>
          </Stack>
        )}
      </RecordState>
      <Section title="Latest payout runs">
        <Runs />
      </Section>
    </Stack>
  );
}
