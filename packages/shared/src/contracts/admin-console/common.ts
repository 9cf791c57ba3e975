import { z } from 'zod';
import { boundedText, FIELD_LIMITS } from '../../fields.ts';
import { ZCursor } from '../admin-workflow.ts';

/**
 * What the admin console's endpoint families share (spec 001 §2 /admin…): list limits and
 * messages, list queries with search, status filters and keyset cursors, pages, date bounds.
 */

export const ADMIN_LIST_LIMITS = {
  /** Page size when the caller names none. */
  defaultPage: 50,
  maxPage: 100,
  /** Spec 001 §9: the audit log shows the latest 100 entries. */
  auditPage: 100,
  searchLength: FIELD_LIMITS.shortText,
} as const;

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

export const isoDateTime = z.iso.datetime({ offset: true });

/** Free-text search: trimmed, bounded; an empty string means no search. */
export const ZSearch = boundedText(ADMIN_LIST_LIMITS.searchLength)
  .optional()
  .transform((value) => (value ? value : undefined));

/** A stored status or name token (lower-case letters, digits, _ and -). */
export const ZToken = z
  .string()
  .trim()
  .max(64, 'Use lower-case letters, digits, _, . or -.')
  .regex(/^[a-z0-9_.-]{1,64}$/, 'Use lower-case letters, digits, _, . or -.');

/** One value or several: `status=a&status=b` or `status=a,b`. */
export function oneOrMany<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === '') return undefined;
    const list = Array.isArray(value) ? value : String(value).split(',');
    return list.map((item) => String(item).trim()).filter(Boolean);
  }, z.array(z.enum(values)).min(1).max(values.length).optional());
}

export function listQuery(defaultLimit: number = ADMIN_LIST_LIMITS.defaultPage) {
  return z.object({
    cursor: ZCursor,
    limit: z.coerce.number().int().min(1).max(ADMIN_LIST_LIMITS.maxPage).default(defaultLimit),
  });
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** Who did something: the user, when it was a signed-in user (null for visitors and workers). */
export const ZActorRef = z.object({ userId: z.string(), email: z.string().nullable(), name: z.string().nullable() });
export type TActorRef = z.infer<typeof ZActorRef>;

export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD, UTC) or an instant with an offset. */
export const ZDateOrDateTime = boundedText(40).refine((value) => {
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

export function boundsInOrder(value: { from?: string | undefined; to?: string | undefined }) {
  return !value.from || !value.to || startOfBound(value.from).getTime() < endOfBound(value.to).getTime();
}
