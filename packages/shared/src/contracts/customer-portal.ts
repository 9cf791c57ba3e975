import { z } from 'zod';
import { boundedText } from '../fields.ts';
import { ORDER_STATUSES, QUOTE_STATUSES, ZListQuery, ZPriceBreakdownView } from './admin-workflow.ts';

/** The customer portal's API (spec 001 §2, §3, §4, §7, §9). */

const isoDateTime = z.iso.datetime({ offset: true });

export const CUSTOMER_DISPLAY_STATUSES = ['completed', 'in_progress', 'pending', 'cancelled'] as const;
/** Signed download links live this long (spec 001 §9). */
export const DOWNLOAD_LINK_TTL_SECONDS = 300;
export const CUSTOMER_TOASTS = {
  quoteAccepted: 'Quote accepted',
  quoteDeclined: 'Quote declined',
  linkError: 'Link error',
} as const;
export const SUPPORT_LIMITS = { subject: 200, message: 5000 } as const;

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

// ---------------------------------------------------------------------------------------------
// Orders

export const ZListCustomerOrdersQuery = ZListQuery.extend({
  q: boundedText(200).optional(),
  status: z.enum(CUSTOMER_DISPLAY_STATUSES).optional(),
});
export type TListCustomerOrdersQuery = z.infer<typeof ZListCustomerOrdersQuery>;

export const PROGRESS_STEP_KEYS = ['scheduling', 'capture', 'processing', 'delivery'] as const;

/** A step of the job; a done step carries the time of the event that did it (decision 108). */
export const ZProgressStep = z.object({
  key: z.enum(PROGRESS_STEP_KEYS),
  label: z.string(),
  state: z.enum(['done', 'current', 'pending']),
  at: isoDateTime.nullable(),
});
export type TProgressStep = z.infer<typeof ZProgressStep>;

export const ZOrderProgress = z.object({ percent: z.number().int().min(0).max(100), steps: z.array(ZProgressStep) });
export type TOrderProgress = z.infer<typeof ZOrderProgress>;

export const ZCustomerOrder = z.object({
  id: z.uuid(),
  title: z.string(),
  location: z.string(),
  captureType: z.string(),
  status: z.enum(ORDER_STATUSES),
  displayStatus: z.enum(CUSTOMER_DISPLAY_STATUSES),
  progress: ZOrderProgress,
  scheduledStart: isoDateTime.nullable(),
  scheduledEnd: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type TCustomerOrder = z.infer<typeof ZCustomerOrder>;
export const ZCustomerOrderList = pageOf(ZCustomerOrder);
export type TCustomerOrderList = z.infer<typeof ZCustomerOrderList>;

export const ZCustomerDeliverable = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  type: z.string(),
  fileName: z.string(),
  size: z.number(),
  deliveredAt: isoDateTime,
});
export type TCustomerDeliverable = z.infer<typeof ZCustomerDeliverable>;

// ---------------------------------------------------------------------------------------------
// Quotes

export const ZCustomerQuote = z.object({
  id: z.uuid(),
  order: z.object({ id: z.uuid(), title: z.string(), status: z.enum(ORDER_STATUSES) }),
  priceBreakdown: ZPriceBreakdownView,
  total: z.number(),
  currency: z.string(),
  sla: z.string().nullable(),
  validityUntil: isoDateTime.nullable(),
  status: z.enum(QUOTE_STATUSES),
  /** Accept and Decline are offered now: sent and not past its validity date. */
  canRespond: z.boolean(),
  sentAt: isoDateTime.nullable(),
  respondedAt: isoDateTime.nullable(),
});
export type TCustomerQuote = z.infer<typeof ZCustomerQuote>;
export const ZCustomerQuoteList = pageOf(ZCustomerQuote);
export type TCustomerQuoteList = z.infer<typeof ZCustomerQuoteList>;
export const ZListCustomerQuotesQuery = ZListQuery.extend({ status: z.enum(QUOTE_STATUSES).optional() });

export const ZRating = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  score: z.number(),
  comment: z.string().nullable(),
  createdAt: isoDateTime,
});
export type TRating = z.infer<typeof ZRating>;

export const ZCustomerOrderDetail = ZCustomerOrder.extend({
  quotes: z.array(ZCustomerQuote),
  deliverables: z.array(ZCustomerDeliverable),
  /** The customer's rating of the job, once given (one per order). */
  rating: ZRating.nullable(),
});
export type TCustomerOrderDetail = z.infer<typeof ZCustomerOrderDetail>;

export const ZInvoice = z.object({
  number: z.string(),
  date: isoDateTime,
  quoteId: z.uuid(),
  order: z.object({ id: z.uuid(), title: z.string(), location: z.string() }),
  customerOrg: z.object({ id: z.uuid(), name: z.string() }),
  lineItems: z.array(z.object({ label: z.string(), amount: z.number() })),
  total: z.number(),
  currency: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

// ---------------------------------------------------------------------------------------------
// Deliverables and signed links

export const ZDeliverablesByOrder = z.object({
  items: z.array(
    z.object({
      order: z.object({ id: z.uuid(), title: z.string(), displayStatus: z.enum(CUSTOMER_DISPLAY_STATUSES) }),
      files: z.array(ZCustomerDeliverable),
    }),
  ),
});
export type TDeliverablesByOrder = z.infer<typeof ZDeliverablesByOrder>;

export const ZDownloadLink = z.object({ url: z.string(), expiresAt: isoDateTime });
export type TDownloadLink = z.infer<typeof ZDownloadLink>;

// ---------------------------------------------------------------------------------------------
// Support, organisation, rating

export const ZSupportRequest = z.object({
  subject: boundedText(SUPPORT_LIMITS.subject, { min: 1, message: 'Please enter a subject.' }),
  message: boundedText(SUPPORT_LIMITS.message, { min: 1, message: 'Please enter a message.', multiline: true }),
});
export type TSupportRequest = z.infer<typeof ZSupportRequest>;
export const ZSupportRequestCreated = z.object({ id: z.uuid(), createdAt: isoDateTime });

export const ZUpdateOrganizationRequest = z.object({
  name: boundedText(200, { min: 1, message: 'Please enter a name.' }),
});
export type TUpdateOrganizationRequest = z.infer<typeof ZUpdateOrganizationRequest>;
export const ZCustomerOrganization = z.object({ id: z.uuid(), name: z.string() });

export const ZRatingRequest = z.object({
  score: z.number().int().min(1).max(5),
  comment: boundedText(2000, { multiline: true }).optional(),
});
export type TRatingRequest = z.infer<typeof ZRatingRequest>;
