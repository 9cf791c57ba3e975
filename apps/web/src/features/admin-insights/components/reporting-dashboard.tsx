import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import type { TReport, TReportTable } from '@spacecapture/shared/contracts/admin-console/reporting';
import { formatDateTime, formatMoney, formatMoneyRounded } from '@spacecapture/shared/format';
import { type FormEvent, type ReactNode, useState } from 'react';
import { BarChart } from '../../../components/charts/bar-chart.tsx';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { reportCsvUrl, type TReportRange, useReport } from '../api/get-report.ts';
import { validateAuditFilters } from '../lib/audit-filters.ts';
import { formatHours, formatMonth, formatRate, formatStatus, revenueSeries } from '../lib/report-format.ts';
import { useUrlParams } from '../lib/use-url-params.ts';

type TRange = { from: string; to: string };

/** A CSV link; `label` names the table for assistive technology, or on screen when two sit side by side. */
function CsvButton({
  range,
  table,
  label,
  showLabel = false,
}: {
  range: TRange;
  table?: TReportTable;
  label: string;
  showLabel?: boolean;
}) {
  return (
    <Button
      component="a"
      href={reportCsvUrl(range, table)}
      download
      variant="light"
      size="xs"
      aria-label={showLabel ? undefined : label}
    >
      {showLabel ? label : 'Export CSV'}
    </Button>
  );
}

function Card({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} fz={20}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} data-figure={label}>
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </div>
  );
}

function RangeForm({ range, onApply }: { range: TRange; onApply: (range: TReportRange) => void }) {
  const [draft, setDraft] = useState<TRange>(range);
  const [errors, setErrors] = useState<{ from?: string | undefined; to?: string | undefined }>({});
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateAuditFilters(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(draft);
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Report range">
      <Group gap="sm" align="flex-start">
        <TextInput
          label="From"
          type="date"
          value={draft.from}
          error={errors.from}
          onChange={(event) => {
            const { value } = event.currentTarget;
            setDraft((current) => ({ ...current, from: value }));
          }}
        />
        <TextInput
          label="To"
          type="date"
          value={draft.to}
          error={errors.to}
          onChange={(event) => {
            const { value } = event.currentTarget;
            setDraft((current) => ({ ...current, to: value }));
          }}
        />
        <Button type="submit" mt={25}>
          Show figures
        </Button>
        <Button variant="default" mt={25} onClick={() => onApply({})}>
          Last 12 months
        </Button>
      </Group>
    </form>
  );
}

function OrdersReport({ report, range }: { report: TReport; range: TRange }) {
  const conversion = report.quoteConversion;
  return (
    <Card title="Orders Report">
      <Stack gap="xl">
        <Stack gap="xs">
          <BarChart
            title="Orders by status"
            data={report.ordersByStatus.map((row) => ({ label: formatStatus(row.status), value: row.count }))}
          />
          <Group justify="flex-end">
            <CsvButton range={range} table="orders_by_status" label="Export CSV: orders by status" />
          </Group>
        </Stack>
        <Stack gap="xs">
          <BarChart
            title="Orders by month"
            data={report.ordersByMonth.map((row) => ({ label: formatMonth(row.month), value: row.count }))}
          />
          <Group justify="flex-end">
            <CsvButton range={range} table="orders_by_month" label="Export CSV: orders by month" />
          </Group>
        </Stack>
      </Stack>
      <Group justify="space-between" align="center">
        <Title order={3} fz={16}>
          Quote conversion
        </Title>
        <CsvButton range={range} table="quote_conversion" label="Export CSV: quote conversion" />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md" aria-label="Quote conversion">
        <Figure label="Quotes sent" value={conversion.sent} />
        <Figure label="Accepted" value={conversion.accepted} />
        <Figure label="Declined" value={conversion.declined} />
        <Figure label="Expired" value={conversion.expired} />
        <Figure label="Awaiting" value={conversion.awaiting} />
        <Figure label="Conversion" value={formatRate(conversion.conversionRate)} />
      </SimpleGrid>
    </Card>
  );
}

function RevenueAnalytics({ report, range }: { report: TReport; range: TRange }) {
  const series = revenueSeries(report);
  return (
    <Card
      title="Revenue Analytics"
      actions={
        <Group gap="xs">
          <CsvButton range={range} table="revenue_by_month" label="Export CSV: revenue by month" showLabel />
          <CsvButton range={range} table="revenue_by_currency" label="Export CSV: revenue by currency" showLabel />
        </Group>
      }
    >
      <Text size="sm" c="dimmed">
        Accepted quotes, by the month they were accepted in. Currencies are never added together.
      </Text>
      {report.revenueByCurrency.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No accepted quotes in this range.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {report.revenueByCurrency.map((row) => (
            <Figure
              key={row.currency}
              label={`Revenue (${row.currency})`}
              value={formatMoney(row.total, row.currency)}
              note={`${row.quotes} accepted ${row.quotes === 1 ? 'quote' : 'quotes'}`}
            />
          ))}
        </SimpleGrid>
      )}
      {series.map(({ currency, data }) => (
        <BarChart
          key={currency}
          title={`Revenue by month (${currency})`}
          data={data}
          formatValue={(value) => formatMoneyRounded(value, currency)}
        />
      ))}
    </Card>
  );
}

/** The ledger by month and currency (decision 213); months with no money at all are left out. */
function MoneyReport({ report, range }: { report: TReport; range: TRange }) {
  const rows = report.moneyByMonth.filter((row) =>
    [
      row.revenue,
      row.refunds,
      row.fees,
      row.compensation,
      row.paidOut,
      row.receivables,
      row.payables,
      row.overdue,
    ].some((value) => value !== 0),
  );
  return (
    <Card
      title="Money by month"
      actions={<CsvButton range={range} table="money_by_month" label="Export CSV: money by month" />}
    >
      <Text size="sm" c="dimmed">
        From the ledger: revenue, refunds (credit notes, before tax), fees and provider compensation booked in the
        month, and paid out; receivables, payables and overdue payables (unpaid after 14 days) at the month's end.
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No money moved in this range.
        </Text>
      ) : (
        <DataTable
          label="Money by month"
          minWidth={880}
          verticalSpacing="sm"
          columns={[
            'Month',
            'Revenue',
            'Refunds',
            'Fees',
            'Compensation',
            'Paid out',
            'Receivables',
            'Payables',
            'Overdue',
          ]}
        >
          {rows.map((row) => (
            <Table.Tr key={`${row.month}-${row.currency}`}>
              <Table.Td>
                {formatMonth(row.month)} ({row.currency})
              </Table.Td>
              {[
                row.revenue,
                row.refunds,
                row.fees,
                row.compensation,
                row.paidOut,
                row.receivables,
                row.payables,
                row.overdue,
              ].map((value, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed and in order
                <Table.Td key={index} ta="right">
                  {formatMoney(value, row.currency)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

function ProviderPerformance({ report, range }: { report: TReport; range: TRange }) {
  const rows = report.providerPerformance;
  return (
    <Card
      title="Provider Performance"
      actions={<CsvButton range={range} table="provider_performance" label="Export CSV: provider performance" />}
    >
      <Text size="sm" c="dimmed">
        Offers made in the range. Acceptance counts answered or expired offers; a job is on time when its capture was
        recorded within 24 hours after the confirmed window.
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {ADMIN_CONSOLE_MESSAGES.empty.providers}
        </Text>
      ) : (
        <DataTable
          label="Provider performance"
          minWidth={880}
          verticalSpacing="sm"
          highlightOnHover
          columns={[
            'Provider',
            'Offers',
            'Accepted',
            'Acceptance rate',
            'Median time to accept',
            'On-time schedule',
            'Deliveries',
            'Average rating',
          ]}
        >
          {rows.map((row) => (
            <Table.Tr key={row.providerOrg.id}>
              <Table.Td>{row.providerOrg.name}</Table.Td>
              <Table.Td ta="right">{row.offers}</Table.Td>
              <Table.Td ta="right">{row.accepted}</Table.Td>
              <Table.Td ta="right">{formatRate(row.acceptanceRate)}</Table.Td>
              <Table.Td ta="right">{formatHours(row.medianHoursToAccept)}</Table.Td>
              <Table.Td ta="right">
                {row.scheduledJobs === 0
                  ? '—'
                  : `${formatRate(row.onTimeRate)} (${row.onTimeJobs} of ${row.scheduledJobs})`}
              </Table.Td>
              <Table.Td ta="right">{row.deliveries}</Table.Td>
              <Table.Td ta="right">
                {row.averageRating === null ? '—' : `${row.averageRating.toFixed(1)} (${row.ratings})`}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

/** /admin/reporting (spec 001 §2, decision 017): the figures of a range of days, charts and CSV. */
export function ReportingDashboard() {
  const [params, setParams] = useUrlParams();
  const requested: TReportRange = {
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
  const report = useReport(requested);

  function apply(range: TReportRange) {
    setParams((current) => {
      for (const key of ['from', 'to'] as const) {
        const value = range[key];
        if (value) current.set(key, value);
        else current.delete(key);
      }
    });
  }

  if (report.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the report" />
      </Center>
    );
  }
  if (report.isError) {
    return (
      <Stack gap="md">
        <RangeForm range={{ from: requested.from ?? '', to: requested.to ?? '' }} onApply={apply} />
        <QueryError error={report.error} onRetry={() => report.refetch()} what="the report" />
      </Stack>
    );
  }
  const data = report.data;
  const range = data.range;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="sm">
          <RangeForm key={`${range.from}-${range.to}`} range={range} onApply={apply} />
          <Group justify="space-between" align="center">
            <Text size="sm" c="dimmed" aria-live="polite">
              Figures from {range.from} to {range.to} (UTC), as of {formatDateTime(data.generatedAt)}.
            </Text>
            <CsvButton range={range} label="Export CSV: every table" />
          </Group>
        </Stack>
      </Paper>
      <OrdersReport report={data} range={range} />
      <RevenueAnalytics report={data} range={range} />
      <MoneyReport report={data} range={range} />
      <ProviderPerformance report={data} range={range} />
    </Stack>
  );
}
