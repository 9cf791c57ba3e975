import { z } from 'zod';
import { ORDER_STATUSES, ZOrgRef } from '../admin-workflow.ts';
import {
  ADMIN_CONSOLE_MESSAGES,
  boundsInOrder,
  DATE_ONLY,
  endOfBound,
  isoDateTime,
  REPORTING_MAX_DAYS,
  startOfBound,
} from './common.ts';

/** GET /api/admin/reporting and its CSV (docs/decisions/017-admin-reporting-definitions.md). */

/**
 * A scheduled job is on time when the capture is recorded (the order moves to captured or
 * delivered, a file is uploaded, or a deliverable is recorded) no later than this long after the
 * confirmed window's end (docs/decisions/017-admin-reporting-definitions.md).
 */
export const ON_TIME_GRACE_HOURS = 24;

const ZDay = z
  .string()
  .trim()
  .max(10, ADMIN_CONSOLE_MESSAGES.dateFormat)
  .regex(DATE_ONLY, ADMIN_CONSOLE_MESSAGES.dateFormat)
  .refine((value) => !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()), ADMIN_CONSOLE_MESSAGES.dateFormat);

function rangeWithinLimit(value: { from?: string | undefined; to?: string | undefined }) {
  if (!value.from || !value.to) return true;
  return (endOfBound(value.to).getTime() - startOfBound(value.from).getTime()) / 86_400_000 <= REPORTING_MAX_DAYS;
}

const reportingRange = {
  /** First day included (UTC); default: the first day of the month eleven months before `to`. */
  from: ZDay.optional(),
  /** Last day included (UTC); default: today. */
  to: ZDay.optional(),
};

export const ZReportingQuery = z
  .object(reportingRange)
  .refine(boundsInOrder, { message: ADMIN_CONSOLE_MESSAGES.dateOrder, path: ['to'] })
  .refine(rangeWithinLimit, { message: ADMIN_CONSOLE_MESSAGES.rangeTooLong, path: ['from'] });
export type TReportingQuery = z.output<typeof ZReportingQuery>;

export const REPORT_TABLES = [
  'orders_by_status',
  'orders_by_month',
  'quote_conversion',
  'revenue_by_currency',
  'revenue_by_month',
  'provider_performance',
  'money_by_month',
] as const;
export type TReportTable = (typeof REPORT_TABLES)[number];

export const ZReportingCsvQuery = z
  .object({ ...reportingRange, table: z.enum(REPORT_TABLES).optional() })
  .refine(boundsInOrder, { message: ADMIN_CONSOLE_MESSAGES.dateOrder, path: ['to'] })
  .refine(rangeWithinLimit, { message: ADMIN_CONSOLE_MESSAGES.rangeTooLong, path: ['from'] });
export type TReportingCsvQuery = z.output<typeof ZReportingCsvQuery>;

const ZMonth = z.string().regex(/^\d{4}-\d{2}$/);

export const ZProviderPerformance = z.object({
  providerOrg: ZOrgRef,
  /** Offers made in the range. */
  offers: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  expired: z.number().int(),
  /** accepted ÷ (accepted + declined + expired) of those offers; null when none was answered. */
  acceptanceRate: z.number().nullable(),
  /** Median hours from offer to acceptance. */
  medianHoursToAccept: z.number().nullable(),
  /** Jobs of those offers with a confirmed window that has ended (the ones that could be on time). */
  scheduledJobs: z.number().int(),
  /** Of those, captured no later than ON_TIME_GRACE_HOURS after the window's end. */
  onTimeJobs: z.number().int(),
  onTimeRate: z.number().nullable(),
  /** Orders of those offers with at least one deliverable. */
  deliveries: z.number().int(),
  averageRating: z.number().nullable(),
  ratings: z.number().int(),
});
export type TProviderPerformance = z.infer<typeof ZProviderPerformance>;

export const ZReport = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  /** Orders created in the range, by their current status (every status listed, zeros included). */
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
  /** Orders created per calendar month (UTC) of the range, zeros included. */
  ordersByMonth: z.array(z.object({ month: ZMonth, count: z.number().int() })),
  /** Quotes sent in the range and what became of them. */
  quoteConversion: z.object({
    sent: z.number().int(),
    accepted: z.number().int(),
    declined: z.number().int(),
    expired: z.number().int(),
    awaiting: z.number().int(),
    /** accepted ÷ sent; null when none was sent. */
    conversionRate: z.number().nullable(),
  }),
  /** Accepted quotes by the month (UTC) they were accepted in, per currency (never summed across currencies). */
  revenueByCurrency: z.array(z.object({ currency: z.string(), quotes: z.number().int(), total: z.number() })),
  revenueByMonth: z.array(
    z.object({ month: ZMonth, currency: z.string(), quotes: z.number().int(), total: z.number() }),
  ),
  providerPerformance: z.array(ZProviderPerformance),
  /**
   * The ledger by month and currency (decision 213): revenue, fees, compensation booked payable
   * and paid out in the month; receivables, payables and overdue payables (unpaid past the
   * promised 14 days) at the month's end (or now, for the month under way).
   */
  moneyByMonth: z.array(
    z.object({
      month: ZMonth,
      currency: z.string(),
      revenue: z.number(),
      /** Given back by credit notes in the month, before tax (decision 215). */
      refunds: z.number(),
      fees: z.number(),
      compensation: z.number(),
      paidOut: z.number(),
      receivables: z.number(),
      payables: z.number(),
      overdue: z.number(),
    }),
  ),
  generatedAt: isoDateTime,
});
export type TReport = z.infer<typeof ZReport>;
