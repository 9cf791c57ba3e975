import type { TDatabase } from '@spacecapture/db/client';
import { endOfBound, startOfBound } from '@spacecapture/shared/contracts/admin-console/common';
import {
  ON_TIME_GRACE_HOURS,
  REPORT_TABLES,
  type TReport,
  type TReportingQuery,
  type TReportTable,
} from '@spacecapture/shared/contracts/admin-console/reporting';
import { ORDER_STATUSES } from '@spacecapture/shared/contracts/admin-workflow';
import { PAYOUT_PROMISE_DAYS } from '@spacecapture/shared/contracts/payouts';
import { fromMinorUnits } from '@spacecapture/shared/money';
import { csvRow } from '../../lib/csv.ts';
import {
  ledgerMonths,
  orderFigures,
  payableDates,
  providerPerformance,
  quoteConversion,
  revenueFigures,
} from './reporting-repository.ts';

/** The first instant after a month (YYYY-MM, UTC). */
function endOfMonth(month: string) {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1));
}

/**
 * The ledger's figures per month and currency over the range's months (decision 213): flows in
 * the month, and balances at its end, or at `now` for a month not over yet.
 */
async function moneyByMonth(db: TDatabase, months: readonly string[], until: Date, now: Date) {
  const end = new Date(Math.min(until.getTime(), now.getTime()));
  const [lines, payables] = await Promise.all([ledgerMonths(db, end), payableDates(db, end)]);
  const currencies = [...new Set(lines.map((line) => line.currency))].sort();
  const promiseMs = PAYOUT_PROMISE_DAYS * 86_400_000;
  return currencies.flatMap((currency) =>
    months.map((month) => {
      const at = new Date(Math.min(endOfMonth(month).getTime(), end.getTime()));
      const sum = (keep: (line: (typeof lines)[number]) => boolean) =>
        lines
          .filter((line) => line.currency === currency && keep(line))
          .reduce((all, line) => all + line.totalMinor, 0);
      const inMonth = (line: (typeof lines)[number]) => line.month === month;
      const byEnd = (line: (typeof lines)[number]) => line.month <= month;
      const overdue = payables
        .filter(
          (payable) =>
            payable.currency === currency &&
            payable.dueAt.getTime() + promiseMs < at.getTime() &&
            (payable.paidAt === null || payable.paidAt >= at),
        )
        .reduce((all, payable) => all + payable.amountMinor, 0);
      const amount = (minor: number) => fromMinorUnits(minor, currency);
      return {
        month,
        currency,
        revenue: amount(-sum((line) => inMonth(line) && line.account === 'revenue')),
        refunds: amount(sum((line) => inMonth(line) && line.account === 'refunds')),
        fees: amount(sum((line) => inMonth(line) && line.account === 'fees')),
        compensation: amount(
          -sum(
            (line) =>
              inMonth(line) &&
              line.account === 'payable' &&
              // A refund's reversal of the provider's share (decision 215) takes compensation back.
              (line.kind === 'provider_compensation' || line.kind === 'adjustment' || line.kind === 'refund'),
          ),
        ),
        paidOut: amount(sum((line) => inMonth(line) && line.account === 'payable' && line.kind === 'payout')),
        receivables: amount(sum((line) => byEnd(line) && line.account === 'receivable')),
        payables: amount(-sum((line) => byEnd(line) && line.account === 'payable')),
        overdue: amount(overdue),
      };
    }),
  );
}

function day(date: Date) {
  return date.toISOString().slice(0, 10);
}

function rate(part: number, whole: number) {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}

function round(value: number | null, digits = 2) {
  if (value === null) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Every month (YYYY-MM, UTC) from the one holding `from` to the one holding the last included day. */
export function monthsBetween(fromDay: string, toDay: string): string[] {
  const months: string[] = [];
  let year = Number(fromDay.slice(0, 4));
  let month = Number(fromDay.slice(5, 7));
  const endKey = toDay.slice(0, 7);
  for (let guard = 0; guard < 1000; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= endKey) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The default range: the last twelve calendar months (UTC), this one included, up to today. */
export function reportRange(query: TReportingQuery, now: Date) {
  const toDay = query.to ?? day(now);
  const to = new Date(`${toDay}T00:00:00.000Z`);
  const fromDay = query.from ?? day(new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 11, 1)));
  return { fromDay, toDay, from: startOfBound(fromDay), until: endOfBound(toDay) };
}

/**
 * Reporting (spec 001 §2 /admin/reporting): orders by status and month, quote conversion, revenue
 * from accepted quotes, provider performance — from the database, over a range of days (UTC).
 */
export function createReportingService(deps: { db: TDatabase; clock: () => Date }) {
  const { db, clock } = deps;

  async function report(query: TReportingQuery): Promise<TReport> {
    const now = clock();
    const range = reportRange(query, now);
    const orders = await orderFigures(db, range);
    const quotes = await quoteConversion(db, range, now);
    const revenue = await revenueFigures(db, range);
    const providers = await providerPerformance(db, range, now, ON_TIME_GRACE_HOURS);
    const money = await moneyByMonth(db, monthsBetween(range.fromDay, range.toDay), range.until, now);

    const statusCounts = new Map(orders.byStatus.map((row) => [row.status, row.count]));
    const monthCounts = new Map(orders.byMonth.map((row) => [row.month, row.count]));
    const byCurrency = new Map<string, { quotes: number; total: number }>();
    for (const row of revenue) {
      const sum = byCurrency.get(row.currency) ?? { quotes: 0, total: 0 };
      byCurrency.set(row.currency, { quotes: sum.quotes + row.quotes, total: sum.total + row.total });
    }
    return {
      range: { from: range.fromDay, to: range.toDay },
      ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: statusCounts.get(status) ?? 0 })),
      ordersByMonth: monthsBetween(range.fromDay, range.toDay).map((month) => ({
        month,
        count: monthCounts.get(month) ?? 0,
      })),
      quoteConversion: { ...quotes, conversionRate: rate(quotes.accepted, quotes.sent) },
      revenueByCurrency: [...byCurrency]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, sum]) => ({ currency, quotes: sum.quotes, total: round(sum.total) ?? 0 })),
      revenueByMonth: revenue,
      providerPerformance: providers.map((row) => ({
        ...row,
        acceptanceRate: rate(row.accepted, row.accepted + row.declined + row.expired),
        medianHoursToAccept: round(row.medianHoursToAccept, 1),
        onTimeRate: rate(row.onTimeJobs, row.scheduledJobs),
        averageRating: round(row.averageRating),
      })),
      moneyByMonth: money,
      generatedAt: now.toISOString(),
    };
  }

  return {
    report,

    /** The same tables as CSV: one table, or all of them one after another (a title row before each). */
    async csv(query: TReportingQuery & { table?: TReportTable | undefined }) {
      const data = await report(query);
      const tables: Record<TReportTable, { header: string[]; rows: unknown[][] }> = {
        orders_by_status: {
          header: ['status', 'orders'],
          rows: data.ordersByStatus.map((row) => [row.status, row.count]),
        },
        orders_by_month: {
          header: ['month', 'orders'],
          rows: data.ordersByMonth.map((row) => [row.month, row.count]),
        },
        quote_conversion: {
          header: ['sent', 'accepted', 'declined', 'expired', 'awaiting', 'conversion_rate'],
          rows: [
            [
              data.quoteConversion.sent,
              data.quoteConversion.accepted,
              data.quoteConversion.declined,
              data.quoteConversion.expired,
              data.quoteConversion.awaiting,
              data.quoteConversion.conversionRate,
            ],
          ],
        },
        revenue_by_currency: {
          header: ['currency', 'accepted_quotes', 'total'],
          rows: data.revenueByCurrency.map((row) => [row.currency, row.quotes, row.total.toFixed(2)]),
        },
        revenue_by_month: {
          header: ['month', 'currency', 'accepted_quotes', 'total'],
          rows: data.revenueByMonth.map((row) => [row.month, row.currency, row.quotes, row.total.toFixed(2)]),
        },
        money_by_month: {
          header: [
            'month',
            'currency',
            'revenue',
            'refunds',
            'fees',
            'compensation',
            'paid_out',
            'receivables',
            'payables',
            'overdue_payables',
          ],
          rows: data.moneyByMonth.map((row) => [
            row.month,
            row.currency,
            row.revenue,
            row.refunds,
            row.fees,
            row.compensation,
            row.paidOut,
            row.receivables,
            row.payables,
            row.overdue,
          ]),
        },
        provider_performance: {
          header: [
            'provider_id',
            'provider',
            'offers',
            'accepted',
            'declined',
            'expired',
            'acceptance_rate',
            'median_hours_to_accept',
            'scheduled_jobs',
            'on_time_jobs',
            'on_time_rate',
            'deliveries',
            'average_rating',
            'ratings',
          ],
          rows: data.providerPerformance.map((row) => [
            row.providerOrg.id,
            row.providerOrg.name,
            row.offers,
            row.accepted,
            row.declined,
            row.expired,
            row.acceptanceRate,
            row.medianHoursToAccept,
            row.scheduledJobs,
            row.onTimeJobs,
            row.onTimeRate,
            row.deliveries,
            row.averageRating,
            row.ratings,
          ]),
        },
      };
      const chosen = query.table ? [query.table] : REPORT_TABLES;
      const parts = chosen.map((name) => {
        const table = tables[name];
        const body = [table.header, ...table.rows].map(csvRow).join('');
        return query.table ? body : `${csvRow(['table', name])}${body}`;
      });
      return {
        fileName: `report-${query.table ?? 'all'}-${data.range.from}-to-${data.range.to}.csv`,
        body: parts.join('\r\n'),
      };
    },
  };
}

export type TReportingService = ReturnType<typeof createReportingService>;
