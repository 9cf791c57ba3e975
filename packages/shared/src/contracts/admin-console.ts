import { z } from 'zod';
import { boundedText, FIELD_LIMITS } from '../fields.ts';
import {
  ASSIGNMENT_STATUSES,
  ORDER_STATUSES,
  QUOTE_STATUSES,
  ZCursor,
  ZOrgRef,
  ZPreferredDates,
} from './admin-workflow.ts';

/**
 * The admin console's read side and settings (spec 001 §2 /admin, /admin/orders, /admin/providers,
 * /admin/customers, /admin/reporting, /admin/audit, /admin/settings; §3 feature_flags; §9 audit
 * shows the latest 100): lists with search, status filters and keyset cursors, the dashboard's
 * counts, the audit log and its CSV, the feature flags, the reports and the outbox view.
 */

const isoDateTime = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------------------------------------
// Constants and messages

export const ADMIN_LIST_LIMITS = {
  /** Page size when the caller names none. */
  defaultPage: 50,
  maxPage: 100,
  /** Spec 001 §9: the audit log shows the latest 100 entries. */
  auditPage: 100,
  searchLength: FIELD_LIMITS.shortText,
} as const;

/** The dashboard's "offers about to expire": offered, with respond_by within this many hours. */
export const OFFERS_EXPIRING_WITHIN_HOURS = 12;

/**
 * A scheduled job is on time when the capture is recorded (the order moves to captured or
 * delivered, a file is uploaded, or a deliverable is recorded) no later than this long after the
 * confirmed window's end (docs/decisions/017-admin-reporting-definitions.md).
 */
export const ON_TIME_GRACE_HOURS = 24;

/** Longest reporting range, so one report cannot scan the whole history of a large instance. */
export const REPORTING_MAX_DAYS = 366 * 5;

export const SETTINGS_LIMITS = { deadlineHoursMin: 1, deadlineHoursMax: 720 } as const;

export const ADMIN_CONSOLE_MESSAGES = {
  settingsSaved: { title: 'Settings saved', message: 'The feature flags were updated.' },
  deadlineHours: `Enter a whole number of hours from ${SETTINGS_LIMITS.deadlineHoursMin} to ${SETTINGS_LIMITS.deadlineHoursMax}.`,
  booleanFlag: 'Choose on or off.',
  mfaMasterOnly: 'Only the master admin can change whether admins must use two-factor authentication.',
  mfaEnrolFirst: 'Set up two-factor authentication for your own account before requiring it for all admins.',
  dateOrder: 'The start date must be on or before the end date.',
  dateFormat: 'Enter a date as YYYY-MM-DD or a date and time.',
  rangeTooLong: `Choose a range of at most ${REPORTING_MAX_DAYS} days.`,
  empty: {
    orders: 'No orders yet.',
    providers: 'No providers yet.',
    customers: 'No customers yet.',
    supportRequests: 'No support requests yet.',
    audit: 'No audit entries yet.',
    outbox: 'No e-mails yet.',
  },
} as const;

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Free-text search: trimmed, bounded; an empty string means no search. */
const ZSearch = boundedText(ADMIN_LIST_LIMITS.searchLength)
  .optional()
  .transform((value) => (value ? value : undefined));

/** A stored status or name token (lower-case letters, digits, _ and -). */
const ZToken = z
  .string()
  .trim()
  .max(64, 'Use lower-case letters, digits, _, . or -.')
  .regex(/^[a-z0-9_.-]{1,64}$/, 'Use lower-case letters, digits, _, . or -.');

/** One value or several: `status=a&status=b` or `status=a,b`. */
function oneOrMany<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const list = Array.isArray(value) ? value : String(value).split(',');
    return list.map((item) => String(item).trim()).filter(Boolean);
  }, z.array(z.enum(values)).min(1).max(values.length).optional());
}

function listQuery(defaultLimit: number = ADMIN_LIST_LIMITS.defaultPage) {
  return z.object({
    cursor: ZCursor,
    limit: z.coerce.number().int().min(1).max(ADMIN_LIST_LIMITS.maxPage).default(defaultLimit),
  });
}

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** Who did something: the user, when it was a signed-in user (null for visitors and workers). */
export const ZActorRef = z.object({ userId: z.string(), email: z.string().nullable(), name: z.string().nullable() });
export type TActorRef = z.infer<typeof ZActorRef>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD, UTC) or an instant with an offset. */
const ZDateOrDateTime = boundedText(40).refine((value) => {
  if (DATE_ONLY.test(value)) return !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime());
  return z.iso.datetime({ offset: true }).safeParse(value).success;
}, ADMIN_CONSOLE_MESSAGES.dateFormat);

/** The first instant a `from` bound covers (a day starts at 00:00 UTC). */
export function startOfBound(value: string): Date {
  return DATE_ONLY.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
}

/** The first instant after a `to` bound (a day is included whole: up to the next midnight UTC). */
export function endOfBound(value: string): Date {
  if (!DATE_ONLY.test(value)) return new Date(new Date(value).getTime() + 1);
  const day = new Date(`${value}T00:00:00.000Z`);
  return new Date(day.getTime() + 86_400_000);
}

function boundsInOrder(value: { from?: string | undefined; to?: string | undefined }) {
  return !value.from || !value.to || startOfBound(value.from).getTime() < endOfBound(value.to).getTime();
}

// ---------------------------------------------------------------------------------------------
// Orders

export const ZAdminOrdersQuery = listQuery().extend({
  /** Contains, case-insensitive: title, location or the customer organisation's name. */
  q: ZSearch,
  status: oneOrMany(ORDER_STATUSES),
  customerOrgId: z.uuid().optional(),
});
export type TAdminOrdersQuery = z.output<typeof ZAdminOrdersQuery>;

export const ZAdminOrderListItem = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(ORDER_STATUSES),
  location: z.string(),
  captureType: z.string(),
  preferredDates: ZPreferredDates.nullable(),
  customerOrg: ZOrgRef,
  scheduledStart: isoDateTime.nullable(),
  scheduledEnd: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type TAdminOrderListItem = z.infer<typeof ZAdminOrderListItem>;
export const ZAdminOrderList = pageOf(ZAdminOrderListItem);
export type TAdminOrderList = z.infer<typeof ZAdminOrderList>;

export const ZOrderJobEvent = z.object({
  id: z.uuid(),
  type: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  actor: ZActorRef.nullable(),
  createdAt: isoDateTime,
});

export const ZOrderQuote = z.object({
  id: z.uuid(),
  /** A sent quote past its validity reads as expired. */
  status: z.enum(QUOTE_STATUSES),
  priceBreakdown: z.object({
    items: z.array(z.object({ label: z.string(), amount: z.number() })),
    currency: z.string(),
  }),
  total: z.number(),
  currency: z.string(),
  sla: z.string().nullable(),
  validityUntil: isoDateTime.nullable(),
  sentAt: isoDateTime.nullable(),
  respondedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});

export const ZOrderAssignment = z.object({
  id: z.uuid(),
  providerOrg: ZOrgRef,
  status: z.enum(ASSIGNMENT_STATUSES),
  accepted: z.boolean().nullable(),
  respondBy: isoDateTime,
  respondedAt: isoDateTime.nullable(),
  scheduledStart: isoDateTime.nullable(),
  scheduledEnd: isoDateTime.nullable(),
  compensation: z.number().nullable(),
  createdAt: isoDateTime,
});

export const ZOrderDeliverable = z.object({
  id: z.uuid(),
  type: z.string(),
  fileName: z.string(),
  size: z.number(),
  paths: z.array(z.string()),
  uploadedBy: ZActorRef.nullable(),
  deliveredAt: isoDateTime,
  createdAt: isoDateTime,
});

export const ZOrderRating = z.object({
  id: z.uuid(),
  providerOrg: ZOrgRef,
  score: z.number().int(),
  comment: z.string().nullable(),
  createdAt: isoDateTime,
});

/** An order's whole history, each part newest first. */
export const ZAdminOrderDetail = z.object({
  order: ZAdminOrderListItem.extend({ leadId: z.uuid().nullable() }),
  jobEvents: z.array(ZOrderJobEvent),
  quotes: z.array(ZOrderQuote),
  assignments: z.array(ZOrderAssignment),
  deliverables: z.array(ZOrderDeliverable),
  ratings: z.array(ZOrderRating),
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

// ---------------------------------------------------------------------------------------------
// Order actions (the admin's Cancel order and Mark completed on an order's detail)

export const ORDER_ACTION_LIMITS = { reasonMax: 1000 } as const;

export const ORDER_ACTION_MESSAGES = {
  reasonRequired: 'Give a reason for cancelling the order.',
  cancelled: { title: 'Order cancelled', message: 'The customer and the assigned provider will be notified.' },
  completed: { title: 'Order completed', message: 'The order is marked completed.' },
  failed: { title: 'Failed' },
} as const;

/** Toasts of the provider detail's Verify and Reject on a pending certification. */
export const CERTIFICATION_REVIEW_MESSAGES = {
  verified: { title: 'Certification verified', message: 'The certification is now active.' },
  rejected: { title: 'Certification rejected', message: 'The provider sees it as rejected.' },
  failed: { title: 'Failed' },
} as const;

/** Cancel order: any state before captured; the reason goes to the customer and the provider. */
export const ZCancelOrderRequest = z.object({
  reason: boundedText(ORDER_ACTION_LIMITS.reasonMax, {
    min: 1,
    message: ORDER_ACTION_MESSAGES.reasonRequired,
    multiline: true,
  }),
});
export type TCancelOrderRequest = z.input<typeof ZCancelOrderRequest>;

// ---------------------------------------------------------------------------------------------
// Providers and customers

export const ZAdminOrganizationsQuery = listQuery().extend({
  /** Contains, case-insensitive, on the organisation's name. */
  q: ZSearch,
  status: ZToken.optional(),
});
export type TAdminOrganizationsQuery = z.output<typeof ZAdminOrganizationsQuery>;

export const ZProviderDevice = z.object({
  id: z.uuid(),
  model: z.string(),
  serial: z.string(),
  capabilities: z.array(z.string()),
});
export const ZProviderCertification = z.object({
  id: z.uuid(),
  scope: z.string(),
  status: z.string(),
  regions: z.array(z.string()),
  expiry: isoDateTime.nullable(),
});

/** Offers made to a provider and how they were answered (all time). */
export const ZOfferStats = z.object({
  offers: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
  expired: z.number().int(),
  /** accepted ÷ (accepted + declined + expired); null before any offer was answered or expired. */
  acceptanceRate: z.number().nullable(),
});

export const ZAdminProvider = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.string(),
  createdAt: isoDateTime,
  membersCount: z.number().int(),
  devices: z.array(ZProviderDevice),
  certifications: z.array(ZProviderCertification),
  offers: ZOfferStats,
});
export type TAdminProvider = z.infer<typeof ZAdminProvider>;
export const ZAdminProviderList = pageOf(ZAdminProvider);
export type TAdminProviderList = z.infer<typeof ZAdminProviderList>;

export const ZAdminCustomer = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.string(),
  createdAt: isoDateTime,
  membersCount: z.number().int(),
  ordersCount: z.number().int(),
  lastOrderAt: isoDateTime.nullable(),
});
export type TAdminCustomer = z.infer<typeof ZAdminCustomer>;
export const ZAdminCustomerList = pageOf(ZAdminCustomer);
export type TAdminCustomerList = z.infer<typeof ZAdminCustomerList>;

/** A member of an organisation as the admin sees it. */
export const ZAdminMember = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.string(),
  joinedAt: isoDateTime,
});
export type TAdminMember = z.infer<typeof ZAdminMember>;

/** One provider organisation (the /admin/providers detail) with its members. */
export const ZAdminProviderDetail = z.object({ provider: ZAdminProvider, members: z.array(ZAdminMember) });
export type TAdminProviderDetail = z.infer<typeof ZAdminProviderDetail>;

/** One customer organisation (the /admin/customers detail) with its members; its orders come from the orders list. */
export const ZAdminCustomerDetail = z.object({ customer: ZAdminCustomer, members: z.array(ZAdminMember) });
export type TAdminCustomerDetail = z.infer<typeof ZAdminCustomerDetail>;

// ---------------------------------------------------------------------------------------------
// Support requests

export const ZAdminSupportRequestsQuery = listQuery().extend({
  /** Contains, case-insensitive: subject or message. */
  q: ZSearch,
  status: ZToken.optional(),
  orgId: z.uuid().optional(),
});
export type TAdminSupportRequestsQuery = z.output<typeof ZAdminSupportRequestsQuery>;

export const ZAdminSupportRequest = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  organization: ZOrgRef.nullable(),
  user: ZActorRef.nullable(),
  createdAt: isoDateTime,
});
export const ZAdminSupportRequestList = pageOf(ZAdminSupportRequest);
export type TAdminSupportRequestList = z.infer<typeof ZAdminSupportRequestList>;

// ---------------------------------------------------------------------------------------------
// Dashboard

/** What needs attention (the /admin dashboard's live counts). */
export const ZAdminDashboard = z.object({
  /** Leads still new. */
  newLeads: z.number().int(),
  /** Applications new, reviewing or interview. */
  applicationsToReview: z.number().int(),
  /** Quotes sent and not answered (nor past their validity date). */
  quotesAwaitingCustomer: z.number().int(),
  /** Offers unanswered whose deadline falls within OFFERS_EXPIRING_WITHIN_HOURS. */
  offersAboutToExpire: z.number().int(),
  /** Accepted assignments whose latest proposed window has not been confirmed yet. */
  schedulesToConfirm: z.number().int(),
  generatedAt: isoDateTime,
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

// ---------------------------------------------------------------------------------------------
// Audit

const auditFilters = {
  entity: ZToken.optional(),
  entityId: boundedText(100, { min: 1 }).optional(),
  action: ZToken.optional(),
  /** A user id, or the e-mail address of a user. */
  actor: boundedText(FIELD_LIMITS.email, { min: 1 }).optional(),
  /** From this day (00:00 UTC) or instant, inclusive. */
  from: ZDateOrDateTime.optional(),
  /** Up to this day (whole day, UTC) or instant, inclusive. */
  to: ZDateOrDateTime.optional(),
};

export const ZAuditQuery = listQuery(ADMIN_LIST_LIMITS.auditPage)
  .extend(auditFilters)
  .refine(boundsInOrder, { message: ADMIN_CONSOLE_MESSAGES.dateOrder, path: ['to'] });
export type TAuditQuery = z.output<typeof ZAuditQuery>;

export const ZAuditCsvQuery = z
  .object(auditFilters)
  .refine(boundsInOrder, { message: ADMIN_CONSOLE_MESSAGES.dateOrder, path: ['to'] });
export type TAuditCsvQuery = z.output<typeof ZAuditCsvQuery>;

export const ZAuditEntry = z.object({
  id: z.uuid(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  actor: ZActorRef.nullable(),
  ts: isoDateTime,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditList = pageOf(ZAuditEntry);
export type TAuditList = z.infer<typeof ZAuditList>;

export const AUDIT_CSV_COLUMNS = [
  'ts',
  'entity',
  'entity_id',
  'action',
  'actor_user_id',
  'actor_email',
  'before',
  'after',
  'id',
] as const;

// ---------------------------------------------------------------------------------------------
// Settings (feature flags, spec 001 §3)

export const ZFeatureFlags = z.object({
  addressMaskingDefault: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }),
  providerAcceptanceDeadlineHours: z
    .number({ error: ADMIN_CONSOLE_MESSAGES.deadlineHours })
    .int(ADMIN_CONSOLE_MESSAGES.deadlineHours)
    .min(SETTINGS_LIMITS.deadlineHoursMin, ADMIN_CONSOLE_MESSAGES.deadlineHours)
    .max(SETTINGS_LIMITS.deadlineHoursMax, ADMIN_CONSOLE_MESSAGES.deadlineHours),
  mfaRequiredForAdmins: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }),
});
export type TFeatureFlagValues = z.infer<typeof ZFeatureFlags>;

/** PUT replaces all three flags (strict: an unknown key is a mistake worth reporting). */
export const ZUpdateSettingsRequest = ZFeatureFlags.strict();
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;

export const ZSettings = z.object({
  flags: ZFeatureFlags,
  /** When an admin last saved them; null while the defaults apply. */
  updatedAt: isoDateTime.nullable(),
  /** Whether the caller may change each flag (mfaRequiredForAdmins: master admin only). */
  editable: z.object({
    addressMaskingDefault: z.boolean(),
    providerAcceptanceDeadlineHours: z.boolean(),
    mfaRequiredForAdmins: z.boolean(),
  }),
});
export type TSettings = z.infer<typeof ZSettings>;

// ---------------------------------------------------------------------------------------------
// Reporting

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
  generatedAt: isoDateTime,
});
export type TReport = z.infer<typeof ZReport>;

// ---------------------------------------------------------------------------------------------
// Outbox

export const OUTBOX_STATUSES = ['pending', 'sent', 'kept', 'failed'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const ZOutboxQuery = listQuery().extend({
  status: oneOrMany(OUTBOX_STATUSES),
  /** Contains, case-insensitive: subject or a recipient. */
  q: ZSearch,
});
export type TOutboxQuery = z.output<typeof ZOutboxQuery>;

export const ZOutboxEmail = z.object({
  id: z.uuid(),
  to: z.array(z.string()),
  subject: z.string(),
  /** pending (waiting or retrying), sent, kept (no mail server configured) or failed (gave up). */
  status: z.enum(OUTBOX_STATUSES),
  /** Pending after at least one failed attempt. */
  retrying: z.boolean(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;
export const ZOutboxList = pageOf(ZOutboxEmail);
export type TOutboxList = z.infer<typeof ZOutboxList>;

export const ZOutboxEmailDetail = ZOutboxEmail.extend({
  replyTo: z.string().nullable(),
  /** For a preview in a sandboxed frame; links that carry a secret token are redacted. */
  html: z.string(),
  text: z.string(),
  /** Whether a token was taken out of a link. */
  redacted: z.boolean(),
});
export type TOutboxEmailDetail = z.infer<typeof ZOutboxEmailDetail>;
