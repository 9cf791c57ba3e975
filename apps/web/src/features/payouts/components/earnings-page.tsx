import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { EARNING_STATUS_LABELS, PAYOUT_PROMISE_DAYS, type TEarnings } from '@spacecapture/shared/contracts/payouts';
import { formatDate, formatMoney } from '@spacecapture/shared/format';
import { type ReactNode, useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { statementUrl, useEarnings } from '../api/get-earnings.ts';

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

function day(value: string | null) {
  return value ? formatDate(value) : '–';
}

function Totals({ earnings }: { earnings: TEarnings }) {
  if (earnings.totals.length === 0) return <Text c="dimmed">No earnings yet.</Text>;
  return (
    <DataTable
      label="Totals per currency"
      columns={['Currency', 'Compensation', 'Fees', 'Paid', 'Payable', 'Pending approval']}
      minWidth={560}
    >
      {earnings.totals.map((total) => (
        <Table.Tr key={total.currency}>
          <Table.Td>{total.currency}</Table.Td>
          <Table.Td>{formatMoney(total.compensation, total.currency)}</Table.Td>
          <Table.Td>{formatMoney(total.fees, total.currency)}</Table.Td>
          <Table.Td>{formatMoney(total.paid, total.currency)}</Table.Td>
          <Table.Td>{formatMoney(total.payable, total.currency)}</Table.Td>
          <Table.Td>{formatMoney(total.pendingApproval, total.currency)}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function Jobs({ earnings }: { earnings: TEarnings }) {
  if (earnings.items.length === 0) return <Text c="dimmed">No jobs yet.</Text>;
  return (
    <DataTable
      label="Earnings by job"
      columns={['Job', 'Status', 'Compensation', 'Fee', 'Expected', 'Paid', 'Reference']}
      minWidth={760}
    >
      {earnings.items.map((item) => (
        <Table.Tr key={item.assignmentId}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {item.orderTitle}
            </Text>
            {item.adjustmentReason ? (
              <Text size="xs" c="dimmed">
                {item.adjustmentReason}
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>{EARNING_STATUS_LABELS[item.status]}</Table.Td>
          <Table.Td>
            {formatMoney(item.compensation, item.currency)}
            {item.reversed > 0 ? (
              <Text size="xs" c="dimmed">
                {formatMoney(item.reversed, item.currency)} reversed by a refund
              </Text>
            ) : null}
          </Table.Td>
          <Table.Td>{formatMoney(item.fee, item.currency)}</Table.Td>
          <Table.Td>{day(item.expectedBy)}</Table.Td>
          <Table.Td>{day(item.paidAt)}</Table.Td>
          <Table.Td>{item.reference ?? '–'}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** A period's statement, as CSV or PDF: a job is in it by the day it became payable. */
function Statement() {
  const [range, setRange] = useState({ from: '', to: '' });
  const backwards = range.from !== '' && range.to !== '' && range.to < range.from;
  return (
    <Section title="Statements">
      <Text size="sm" c="dimmed">
        A statement lists the jobs that became payable in the period, with their status today, and the totals per
        currency. Leave the dates empty for every job.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={range.from}
          onChange={(event) => setRange({ ...range, from: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="To"
          value={range.to}
          onChange={(event) => setRange({ ...range, to: event.currentTarget.value })}
          error={backwards ? 'The end date must not be before the start date.' : undefined}
        />
        <Button component="a" href={statementUrl('csv', range)} download variant="light" disabled={backwards}>
          Download CSV
        </Button>
        <Button component="a" href={statementUrl('pdf', range)} download variant="light" disabled={backwards}>
          Download PDF
        </Button>
      </Group>
    </Section>
  );
}

/**
 * The provider's Earnings (decision 213): each job's compensation, fee, status, expected and paid
 * dates; totals per currency; statements for a period.
 */
export function EarningsPage() {
  const earnings = useEarnings();
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        A job becomes payable when the customer approves the delivery; providers are typically paid within{' '}
        {PAYOUT_PROMISE_DAYS} days. No platform fee is taken from your compensation.
      </Text>
      <RecordState query={earnings} what="earnings">
        {(data: TEarnings) => (
          <Stack gap="lg">
            <Section title="Totals">
              <Totals earnings={data} />
            </Section>
            <Section title="Jobs">
              <Jobs earnings={data} />
            </Section>
          </Stack>
        )}
      </RecordState>
      <Statement />
    </Stack>
  );
}
