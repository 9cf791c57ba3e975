import { z } from 'zod';
import { CAPTURE_TYPES, SPACE_SIZES } from '../enums.ts';
import { boundedText, emailField, FIELD_LIMITS, optionalText } from '../fields.ts';
import { ORG_TYPES } from '../roles.ts';
import {
  APPLICATION_MACHINE,
  ASSIGNMENT_MACHINE,
  LEAD_MACHINE,
  ORDER_MACHINE,
  QUOTE_MACHINE,
  type TMachine,
} from '../state-machines.ts';
import type { TLeadContact } from '../stored-columns.ts';
import { ZOrderPlace, ZTimeWindow } from './dispatch.ts';
import { ZInvitation } from './invitations.ts';
import { ZOrderRequestDetails } from './order-requests.ts';

/**
 * The admin workflow from lead to scheduled job (spec 001 §2 /admin/triage, /admin/quotes,
 * /admin/assignments; §4 states; §5 validation; §8 toasts; §9 constants), plus the customer's
 * answer to a quote and the provider's answer to an offer, which share the same rules.
 */

// ---------------------------------------------------------------------------------------------
// The spec's words

/** Validation toasts (spec 001 §5), title and message letter for letter. */
export const WORKFLOW_VALIDATION = {
  selectCustomerOrg: {
    title: 'Select customer org',
    message: 'Choose a customer organization to create the order under.',
  },
  selectOrder: { title: 'Select an order', message: 'Please choose an order to quote.' },
  invalidPriceJson: 'Invalid price JSON',
  pickProvider: { title: 'Pick a provider', message: 'Select a provider organization first.' },
  enterWindow: { title: 'Enter a window', message: 'Please select start and end date/time.' },
} as const;

/** Result toasts (spec 001 §8), letter for letter. */
export const WORKFLOW_TOASTS = {
  leadUpdated: { title: 'Lead updated', message: (status: string) => `Status set to ${status}` },
  applicationUpdated: { title: 'Application updated' },
  applicationApproved: (organization: string, email: string) => ({
    title: 'Application approved',
    message: `${organization} is a provider now; ${email} is invited to join it.`,
  }),
  leadConverted: { title: 'Success', message: 'Lead converted to order successfully' },
  quoteCreated: { title: 'Quote created', message: 'Draft quote has been created.' },
  quoteSent: { title: 'Quote sent', message: 'Customer can now accept or decline.' },
  quoteAccepted: { title: 'Quote accepted' },
  quoteDeclined: { title: 'Quote declined' },
  offerAccepted: { title: 'Accepted', message: 'You accepted this job.' },
  offerDeclined: { title: 'Declined' },
  /** Our own words (decision 225): an action taken without signal waits on the device. */
  savedOffline: { title: 'Saved on this device', message: 'It will be sent as soon as you are back online.' },
  scheduleProposed: { title: 'Schedule proposed', message: 'Admin will review and confirm.' },
  scheduleConfirmed: { title: 'Schedule confirmed', message: 'Provider will be notified.' },
  assigned: { title: 'Assigned', message: 'Provider has been assigned to this order.' },
  failed: { title: 'Failed' },
  failedToSend: { title: 'Failed to send' },
  failedToAccept: { title: 'Failed to accept' },
  failedToDecline: { title: 'Failed to decline' },
  quoteCreateFailed: { title: 'Error' },
  proposeFallback: 'Could not propose schedule',
} as const;

/** Empty states (spec 001 §2). */
export const WORKFLOW_EMPTY = {
  leads: 'No leads yet.',
  applications: 'No applications yet.',
  quotes: 'No quotes yet.',
  assignments: 'No orders ready for assignment.',
} as const;

/** Our own messages, where the spec has none. */
export const WORKFLOW_MESSAGES = {
  windowOrder: 'The window must end after it starts.',
  windowInFuture: 'The window must start in the future.',
  validityInFuture: 'The validity date must be in the future.',
  validityDate: 'Enter a valid date.',
  chooseOrder: 'Please choose an order.',
  itemLabel: 'Each item needs a label.',
  itemLabelLength: 'Item labels must be at most 100 characters.',
  amountNumber: 'Each amount must be a number.',
  amountMin: 'Amounts cannot be negative.',
  amountMax: 'Amounts must be at most 10,000,000.',
  amountDecimals: 'Amounts may have at most 2 decimals.',
  itemsMin: 'Add at least one item.',
  itemsMax: 'A quote can have at most 50 items.',
  currency: 'Currency must be a 3-letter ISO 4217 code, such as USD.',
  compensationNumber: 'Compensation must be a number.',
  compensationMin: 'Compensation cannot be negative.',
  compensationMax: 'Compensation must be at most 1,000,000.',
  compensationDecimals: 'Compensation may have at most 2 decimals.',
  compensationRequired: 'Enter the compensation the provider is paid for this job.',
  reassignReason: 'Give a reason for taking the job from the provider who accepted it.',
  orgOrNewOrg: 'Choose an existing customer organization or a new one, not both.',
  newOrgName: 'Organization name must be at least 2 characters.',
  contactEmail: 'Please enter a valid email address.',
} as const;

// ---------------------------------------------------------------------------------------------
// Constants (spec 001 §9)

export const DEFAULT_QUOTE_ITEMS = [
  { label: 'Capture', amount: 1000 },
  { label: 'Processing', amount: 500 },
] as const;
export const DEFAULT_QUOTE_CURRENCY = 'USD';
export const DEFAULT_QUOTE_SLA = 'Standard SLA: 5 business days after capture';

export const PRICE_LIMITS = { items: 50, label: 100, amount: 10_000_000 } as const;
/** The most an admin may offer a provider for one job. */
export const COMPENSATION_MAX = 1_000_000;

// ---------------------------------------------------------------------------------------------
// Statuses

function statesOf<S extends string>(machine: TMachine<S>) {
  return machine.states as unknown as readonly [S, ...S[]];
}
export const LEAD_STATUSES = statesOf(LEAD_MACHINE);
export const APPLICATION_STATUSES = statesOf(APPLICATION_MACHINE);
export const QUOTE_STATUSES = statesOf(QUOTE_MACHINE);
export const ORDER_STATUSES = statesOf(ORDER_MACHINE);
export const ASSIGNMENT_STATUSES = statesOf(ASSIGNMENT_MACHINE);

/** What the admin buttons may set (spec 001 §2: Move to triage, Mark quoted; Mark reviewing, Schedule interview). */
export const ADMIN_LEAD_STATUSES = ['triage', 'quoted'] as const;
export const ADMIN_APPLICATION_STATUSES = ['reviewing', 'interview'] as const;

// ---------------------------------------------------------------------------------------------
// Shared pieces

const isoDateTime = z.iso.datetime({ offset: true });

/** A page's cursor as the previous page gave it (opaque to clients). */
export const ZCursor = boundedText(500).optional();

export const ZListQuery = z.object({
  cursor: ZCursor,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const ZOrgRef = z.object({ id: z.uuid(), name: z.string() });

// ---------------------------------------------------------------------------------------------
// Triage lists: a status filter and a search (decision 106)

/** Filters beside the statuses: "open" shows what still waits for an admin, "all" everything. */
export const TRIAGE_FILTERS = ['open', 'all'] as const;

/** Statuses an admin still has to act on; the others are handled. */
export const OPEN_LEAD_STATUSES = [
  'new',
  'triage',
  'quoted',
] as const satisfies readonly (typeof LEAD_STATUSES)[number][];
export const OPEN_APPLICATION_STATUSES = [
  'new',
  'reviewing',
  'interview',
] as const satisfies readonly (typeof APPLICATION_STATUSES)[number][];

/** The statuses a triage filter shows: "open" those still waiting for an admin, "all" every one (undefined). */
export function statusesOfTriageFilter(filter: string, open: readonly string[]): readonly string[] | undefined {
  if (filter === 'all') return undefined;
  return filter === 'open' ? open : [filter];
}

/** The longest search text of the triage lists (as the admin console's searches). */
const TRIAGE_SEARCH_MAX = FIELD_LIMITS.shortText;

/** Free-text search: trimmed, bounded; an empty string means no search. */
const ZTriageSearch = boundedText(TRIAGE_SEARCH_MAX)
  .optional()
  .transform((value) => (value ? value : undefined));

// ---------------------------------------------------------------------------------------------
// Price breakdown (quotes)

/** At most two decimals, judged on the number's shortest decimal form (0.29 passes, 0.291 does not). */
function hasAtMostTwoDecimals(value: number) {
  return /^-?\d+(\.\d{1,2})?$/.test(String(value));
}

export const ZPriceItem = z.object({
  label: boundedText(PRICE_LIMITS.label, {
    min: 1,
    message: WORKFLOW_MESSAGES.itemLabel,
    maxMessage: WORKFLOW_MESSAGES.itemLabelLength,
  }),
  amount: z
    .number({ error: WORKFLOW_MESSAGES.amountNumber })
    .min(0, WORKFLOW_MESSAGES.amountMin)
    .max(PRICE_LIMITS.amount, WORKFLOW_MESSAGES.amountMax)
    .refine(hasAtMostTwoDecimals, WORKFLOW_MESSAGES.amountDecimals),
});
export type TPriceItem = z.infer<typeof ZPriceItem>;

/** A currency as typed: three letters, upper-cased (ISO 4217 form). */
export const ZCurrencyCode = z
  .string({ error: WORKFLOW_MESSAGES.currency })
  .trim()
  .toUpperCase()
  .max(3, WORKFLOW_MESSAGES.currency)
  .regex(/^[A-Z]{3}$/, WORKFLOW_MESSAGES.currency);

/**
 * An order's quotes are in the order's currency (decision 203): the refusal of one written in
 * another names both, so the admin knows what to type.
 */
export function quoteCurrencyMismatch(orderCurrency: string, quoteCurrency: string) {
  return `This order is in ${orderCurrency}, the customer organization's currency; a quote in ${quoteCurrency} cannot be made for it.`;
}

export const ZPriceBreakdown = z.object({
  items: z
    .array(ZPriceItem, { error: WORKFLOW_MESSAGES.itemsMin })
    .min(1, WORKFLOW_MESSAGES.itemsMin)
    .max(PRICE_LIMITS.items, WORKFLOW_MESSAGES.itemsMax),
  currency: ZCurrencyCode,
});
export type TPriceBreakdown = z.output<typeof ZPriceBreakdown>;

/** The stored breakdown as answers carry it (response schemas must be free of transforms). */
export const ZPriceBreakdownView = z.object({
  items: z.array(z.object({ label: z.string(), amount: z.number() })),
  currency: z.string(),
});

export const DEFAULT_PRICE_BREAKDOWN: TPriceBreakdown = {
  items: DEFAULT_QUOTE_ITEMS.map((item) => ({ ...item })),
  currency: DEFAULT_QUOTE_CURRENCY,
};

/** The sum of the items, added in cents so 0.1 + 0.2 is 0.3. */
export function priceTotal(items: readonly TPriceItem[]): number {
  return items.reduce((cents, item) => cents + Math.round(item.amount * 100), 0) / 100;
}

/**
 * A price breakdown pasted as JSON (spec 001 §5): the parse error's own message when it is not
 * JSON (fallback 'Invalid price JSON'), else the first rule it breaks.
 */
export function parsePriceBreakdownJson(
  text: string,
): { ok: true; value: TPriceBreakdown } | { ok: false; message: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : WORKFLOW_VALIDATION.invalidPriceJson;
    return { ok: false, message };
  }
  const parsed = ZPriceBreakdown.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid price JSON' };
  return { ok: true, value: parsed.data };
}

/** A validity given as a date (no time) lasts until the end of that day, UTC. */
export function validityInstant(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value);
}

// ---------------------------------------------------------------------------------------------
// Orders (as the workflow shows them)

export const ZPreferredDates = z.object({
  timeline: z.string().nullable(),
  notes: z.string().nullable(),
  /** The days and hours given on the request form, local at the place (decision 140). */
  windows: z.array(z.object({ date: z.string(), from: z.string(), to: z.string() })).optional(),
});

export const ZOrder = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(ORDER_STATUSES),
  location: z.string(),
  captureType: z.string(),
  preferredDates: ZPreferredDates.nullable(),
  customerOrg: ZOrgRef,
  /** The order's one currency (ISO 4217): its quotes and the provider's compensation are in it (decision 203). */
  currency: z.string(),
  leadId: z.uuid().nullable(),
  /** What the customer asked for in the portal, with the estimate (null for an order from a lead). */
  request: ZOrderRequestDetails.nullable(),
  scheduledStart: isoDateTime.nullable(),
  scheduledEnd: isoDateTime.nullable(),
  /** Where the capture is (null while unplaced), the customer's windows and access notes (decision 123). */
  place: ZOrderPlace.nullable(),
  preferredWindows: z.array(ZTimeWindow),
  accessNotes: z.string().nullable(),
  createdAt: isoDateTime,
});
export type TOrder = z.infer<typeof ZOrder>;

// ---------------------------------------------------------------------------------------------
// Leads (triage)

/** Who asked for a capture: stored as is in order_leads.contact (its shape: stored-columns.ts). */
export const ZLeadContact = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string().nullable(),
}) satisfies z.ZodType<TLeadContact>;
export type { TLeadContact };

export const ZLead = z.object({
  id: z.uuid(),
  status: z.enum(LEAD_STATUSES),
  contact: ZLeadContact,
  details: z.object({
    spaceType: z.string(),
    location: z.string(),
    spaceSize: z.string(),
    captureType: z.string(),
    timeline: z.string(),
    additionalInfo: z.string().nullable(),
    source: z.string(),
  }),
  /** The order it became, once converted. */
  orderId: z.uuid().nullable(),
  createdAt: isoDateTime,
});
export type TLead = z.infer<typeof ZLead>;
export const ZLeadList = pageOf(ZLead);
export type TLeadList = z.infer<typeof ZLeadList>;

export const ZListLeadsQuery = ZListQuery.extend({
  /** A status, "open" (every status still waiting for an admin: the default) or "all". */
  status: z.enum([...LEAD_STATUSES, ...TRIAGE_FILTERS]).default('open'),
  q: ZTriageSearch,
});
export type TListLeadsQuery = z.output<typeof ZListLeadsQuery>;

export const ZSetLeadStatusRequest = z.object({
  status: z.enum(ADMIN_LEAD_STATUSES, { error: 'Choose triage or quoted.' }),
});
export type TSetLeadStatusRequest = z.infer<typeof ZSetLeadStatusRequest>;

/** A customer organisation made while converting a lead, with its contact invited as customer_admin. */
const ZNewCustomerOrg = z.object({
  name: boundedText(FIELD_LIMITS.shortText, { min: 2, message: WORKFLOW_MESSAGES.newOrgName }),
  contactEmail: emailField(WORKFLOW_MESSAGES.contactEmail),
});

/** Create Order under an existing customer organisation, or a new one (decision 106): one of the two. */
export const ZConvertLeadRequest = z
  .object({
    customerOrgId: z.uuid({ error: WORKFLOW_VALIDATION.selectCustomerOrg.message }).optional(),
    newCustomerOrg: ZNewCustomerOrg.optional(),
  })
  .superRefine((value, context) => {
    if (value.customerOrgId && value.newCustomerOrg) {
      context.addIssue({ code: 'custom', path: ['customerOrgId'], message: WORKFLOW_MESSAGES.orgOrNewOrg });
    } else if (!value.customerOrgId && !value.newCustomerOrg) {
      context.addIssue({
        code: 'custom',
        path: ['customerOrgId'],
        message: WORKFLOW_VALIDATION.selectCustomerOrg.message,
      });
    }
  });
export type TConvertLeadRequest = z.infer<typeof ZConvertLeadRequest>;

export const ZConvertLeadResponse = z.object({
  lead: ZLead,
  order: ZOrder,
  /** The contact's invitation, when the order was made under a new organisation. */
  invitation: ZInvitation.nullable(),
});
export type TConvertLeadResponse = z.infer<typeof ZConvertLeadResponse>;

// ---------------------------------------------------------------------------------------------
// Provider applications (triage)

export const ZApplication = z.object({
  id: z.uuid(),
  orgName: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  region: z.string().nullable(),
  contact: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    website: z.string().nullable(),
  }),
  devicesOwned: z.array(z.string()),
  devicesNotes: z.string().nullable(),
  portfolioLinks: z.array(z.string()),
  /** The uploaded portfolio, downloadable from GET /api/admin/applications/:id/portfolio. */
  portfolioFile: z.object({ originalName: z.string(), contentType: z.string(), size: z.number() }).nullable(),
  notes: z.string().nullable(),
  createdAt: isoDateTime,
});
export type TApplication = z.infer<typeof ZApplication>;
export const ZApplicationList = pageOf(ZApplication);
export type TApplicationList = z.infer<typeof ZApplicationList>;

export const ZListApplicationsQuery = ZListQuery.extend({
  /** A status, "open" (every status still waiting for an admin: the default) or "all". */
  status: z.enum([...APPLICATION_STATUSES, ...TRIAGE_FILTERS]).default('open'),
  q: ZTriageSearch,
});
export type TListApplicationsQuery = z.output<typeof ZListApplicationsQuery>;

export const ZSetApplicationStatusRequest = z.object({
  status: z.enum(ADMIN_APPLICATION_STATUSES, { error: 'Choose reviewing or interview.' }),
});
export type TSetApplicationStatusRequest = z.infer<typeof ZSetApplicationStatusRequest>;

export const ZRejectApplicationRequest = z.object({
  /** Optional words for the applicant, added to the e-mail. */
  reason: optionalText(FIELD_LIMITS.longText, { multiline: true }).optional(),
});
export type TRejectApplicationRequest = z.input<typeof ZRejectApplicationRequest>;

export const ZApproveApplicationResponse = z.object({
  application: ZApplication,
  organization: z.object({ id: z.uuid(), name: z.string(), type: z.enum(ORG_TYPES) }),
  invitation: ZInvitation,
});
export type TApproveApplicationResponse = z.infer<typeof ZApproveApplicationResponse>;

// ---------------------------------------------------------------------------------------------
// Quotes

export const ZCreateQuoteRequest = z.object({
  orderId: z.uuid({ error: WORKFLOW_VALIDATION.selectOrder.message }),
  priceBreakdown: ZPriceBreakdown,
  sla: optionalText(FIELD_LIMITS.shortText * 5),
  /** Optional; an ISO date-time, or a date meaning the end of that day (UTC). Must be in the future. */
  validityUntil: z
    .union([isoDateTime, z.iso.date()], { error: WORKFLOW_MESSAGES.validityDate })
    .nullish()
    .transform((value) => value ?? null),
});
export type TCreateQuoteRequest = z.output<typeof ZCreateQuoteRequest>;
export type TCreateQuoteInput = z.input<typeof ZCreateQuoteRequest>;

/** PATCH /api/admin/quotes/:id: a draft's price breakdown, SLA and validity (decision 205). */
export const ZUpdateQuoteRequest = ZCreateQuoteRequest.omit({ orderId: true });
export type TUpdateQuoteRequest = z.output<typeof ZUpdateQuoteRequest>;
export type TUpdateQuoteInput = z.input<typeof ZUpdateQuoteRequest>;

/** GET /api/admin/quotes/:id/preview: the e-mail Send would queue, and who would receive it. */
export const ZQuotePreview = z.object({
  recipients: z.array(z.string()),
  subject: z.string(),
  intro: z.string(),
  rows: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type TQuotePreview = z.infer<typeof ZQuotePreview>;

export const QUOTE_MESSAGES = {
  draftOnly: (status: string) => `Only a draft quote can be edited; this one is ${status}.`,
  quoteUpdated: { title: 'Quote updated', message: 'The draft quote was saved.' },
  noRecipients: 'No one in the customer organisation receives quote e-mails; only the company address will.',
} as const;

export const ZQuote = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  order: z.object({ id: z.uuid(), title: z.string(), status: z.enum(ORDER_STATUSES), customerOrg: ZOrgRef }),
  priceBreakdown: ZPriceBreakdownView,
  total: z.number(),
  currency: z.string(),
  sla: z.string().nullable(),
  validityUntil: isoDateTime.nullable(),
  /** A sent quote past its validity reads as expired, whether or not it was marked yet. */
  status: z.enum(QUOTE_STATUSES),
  sentAt: isoDateTime.nullable(),
  respondedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type TQuote = z.infer<typeof ZQuote>;
export const ZQuoteList = pageOf(ZQuote);
export type TQuoteList = z.infer<typeof ZQuoteList>;

export const ZListQuotesQuery = ZListQuery.extend({
  status: z.enum(QUOTE_STATUSES).optional(),
  orderId: z.uuid().optional(),
});

// ---------------------------------------------------------------------------------------------
// Assignments

export const ZAssignment = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  providerOrg: ZOrgRef,
  status: z.enum(ASSIGNMENT_STATUSES),
  /** The spec's flag: true accepted, false declined, null not answered. */
  accepted: z.boolean().nullable(),
  respondBy: isoDateTime,
  respondedAt: isoDateTime.nullable(),
  scheduledStart: isoDateTime.nullable(),
  scheduledEnd: isoDateTime.nullable(),
  /** What the provider is paid for the job; null when the admin set none. */
  compensation: z.number().nullable(),
  /** The currency of the compensation: the order's (decision 203). */
  currency: z.string(),
  createdAt: isoDateTime,
});
export type TAssignment = z.infer<typeof ZAssignment>;

/** A window the provider proposed (job event of type deadline). */
export const ZScheduleProposal = z.object({
  start: isoDateTime,
  end: isoDateTime,
  assignmentId: z.uuid().nullable(),
  proposedAt: isoDateTime,
});
export type TScheduleProposal = z.infer<typeof ZScheduleProposal>;

export const ZAssignmentQueueItem = z.object({
  order: ZOrder,
  latestAssignment: ZAssignment.nullable(),
  /** The latest window proposed under the latest assignment, if any. */
  latestProposal: ZScheduleProposal.nullable(),
});
export type TAssignmentQueueItem = z.infer<typeof ZAssignmentQueueItem>;
export const ZAssignmentQueue = pageOf(ZAssignmentQueueItem);
export type TAssignmentQueue = z.infer<typeof ZAssignmentQueue>;

export const ZProviderOptionsQuery = z.object({ orderId: z.uuid({ error: WORKFLOW_MESSAGES.chooseOrder }) });

export const ZProviderOption = z.object({
  id: z.uuid(),
  name: z.string(),
  devices: z.array(
    z.object({ id: z.uuid(), model: z.string(), serial: z.string(), capabilities: z.array(z.string()) }),
  ),
  certifications: z.array(
    z.object({
      id: z.uuid(),
      scope: z.string(),
      status: z.string(),
      regions: z.array(z.string()),
      expiry: isoDateTime.nullable(),
    }),
  ),
  /**
   * Its service regions and every region of its certifications, once each: what it says of
   * itself. Whether it can take the order is dispatch's one verdict (`/api/admin/assignments/ranking`).
   */
  regions: z.array(z.string()),
});
export type TProviderOption = z.infer<typeof ZProviderOption>;
export const ZProviderOptions = z.object({
  order: z.object({ id: z.uuid(), captureType: z.string(), location: z.string() }),
  items: z.array(ZProviderOption),
});
export type TProviderOptions = z.infer<typeof ZProviderOptions>;

/** What the provider is paid for a job: 0 to 1,000,000 with at most two decimals; required (decision 107). */
export const ZCompensation = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? WORKFLOW_MESSAGES.compensationRequired
        : WORKFLOW_MESSAGES.compensationNumber,
  })
  .min(0, WORKFLOW_MESSAGES.compensationMin)
  .max(COMPENSATION_MAX, WORKFLOW_MESSAGES.compensationMax)
  .refine(hasAtMostTwoDecimals, WORKFLOW_MESSAGES.compensationDecimals);

export const ZCreateAssignmentRequest = z.object({
  orderId: z.uuid({ error: WORKFLOW_MESSAGES.chooseOrder }),
  providerOrgId: z.uuid({ error: WORKFLOW_VALIDATION.pickProvider.message }),
  compensation: ZCompensation,
  /**
   * Needed only to take a job from a provider who has accepted it (a reassignment): the reason is
   * audited and sent to that provider. Without it such an offer is refused.
   */
  reassignReason: optionalText(FIELD_LIMITS.longText, { multiline: true }),
});
export type TCreateAssignmentRequest = z.input<typeof ZCreateAssignmentRequest>;

export const ZConfirmScheduleResponse = z.object({ assignment: ZAssignment, order: ZOrder });
export type TConfirmScheduleResponse = z.infer<typeof ZConfirmScheduleResponse>;

/** One end of a proposed window: empty means not chosen (spec 001 §5 'Enter a window'). */
const windowEnd = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.iso.datetime({ offset: true, error: WORKFLOW_VALIDATION.enterWindow.message }),
);

/** Provider: propose a window for an accepted job (spec 001 §5: both ends required). */
export const ZProposeScheduleRequest = z
  .object({ start: windowEnd, end: windowEnd })
  .refine((window) => new Date(window.start) < new Date(window.end), {
    message: WORKFLOW_MESSAGES.windowOrder,
    path: ['end'],
  });
export type TProposeScheduleRequest = z.output<typeof ZProposeScheduleRequest>;
export type TProposeScheduleInput = z.input<typeof ZProposeScheduleRequest>;

// ---------------------------------------------------------------------------------------------
// Price book (decision 205): a price per capture type and size band, in a currency

export const PRICE_BOOK_LIMITS = { entries: 200 } as const;

export const PRICE_BOOK_MESSAGES = {
  captureType: 'Choose a capture type.',
  spaceSize: 'Choose a size.',
  duplicate: 'Each capture type and size has one price per currency.',
  entriesMax: `A price book holds at most ${PRICE_BOOK_LIMITS.entries} prices.`,
  saved: { title: 'Price book saved', message: 'New quotes start from these prices.' },
} as const;

const ZAmount = ZPriceItem.shape.amount;

/** One price: what a quote's Capture and Processing items start at for this capture type and size. */
export const ZPriceBookEntry = z.object({
  captureType: z.enum(CAPTURE_TYPES, { error: PRICE_BOOK_MESSAGES.captureType }),
  spaceSize: z.enum(SPACE_SIZES, { error: PRICE_BOOK_MESSAGES.spaceSize }),
  currency: ZCurrencyCode,
  capture: ZAmount,
  processing: ZAmount,
});
export type TPriceBookEntry = z.output<typeof ZPriceBookEntry>;

/** PUT /api/admin/price-book: the whole book, replaced at once. */
export const ZPriceBook = z
  .object({
    entries: z.array(ZPriceBookEntry).max(PRICE_BOOK_LIMITS.entries, PRICE_BOOK_MESSAGES.entriesMax),
  })
  .superRefine((book, context) => {
    const seen = new Set<string>();
    book.entries.forEach((entry, index) => {
      const key = `${entry.captureType}/${entry.spaceSize}/${entry.currency}`;
      if (seen.has(key)) {
        context.addIssue({ code: 'custom', path: ['entries', index], message: PRICE_BOOK_MESSAGES.duplicate });
      }
      seen.add(key);
    });
  });
export type TPriceBook = z.output<typeof ZPriceBook>;
export type TPriceBookInput = z.input<typeof ZPriceBook>;

/** GET /api/admin/quotes/prefill?orderId=&currency=: the order's capture type and size, and its price if the book has one. */
export const ZQuotePrefillQuery = z.object({ orderId: z.uuid(), currency: ZCurrencyCode });
export const ZQuotePrefill = z.object({
  captureType: z.string(),
  spaceSize: z.string().nullable(),
  /** The line items the book gives (Capture, Processing), or null when it has no price for them. */
  items: z.array(z.object({ label: z.string(), amount: z.number() })).nullable(),
});
export type TQuotePrefill = z.infer<typeof ZQuotePrefill>;

/** The line items a price book entry gives a new quote (the spec's default items, with the book's amounts). */
export function priceBookItems(entry: Pick<TPriceBookEntry, 'capture' | 'processing'>) {
  return [
    { label: DEFAULT_QUOTE_ITEMS[0].label, amount: entry.capture },
    { label: DEFAULT_QUOTE_ITEMS[1].label, amount: entry.processing },
  ];
}
