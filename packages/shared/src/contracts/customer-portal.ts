import { z } from 'zod';
import { CAPTURE_TYPES, SPACE_SIZES, SPACE_TYPES, TIMELINES } from '../enums.ts';
import { ESTIMATOR_LOCATION_TYPES, ESTIMATOR_URGENCY_LEVELS } from '../estimator.ts';
import { boundedText, FIELD_LIMITS } from '../fields.ts';
import { VALIDATION } from '../messages.ts';
import { CUSTOMER_DISPLAY_STATUSES } from '../state-machines.ts';
import { UNIT_SYSTEMS, ZUnitSystem } from '../units.ts';
import { ORDER_STATUSES, QUOTE_STATUSES, ZListQuery, ZPriceBreakdownView } from './admin-workflow.ts';
import { ZMonthlyBilling } from './invoices.ts';
import { ZOrderEstimate, ZOrderEstimateInputs } from './order-requests.ts';
import { ZPointTree } from './point-trees.ts';
import { ZCaptureRequest } from './public-forms.ts';
import { ZTourView } from './tour-links.ts';

/** The customer portal's API (spec 001 §2, §3, §4, §7, §9). */

const isoDateTime = z.iso.datetime({ offset: true });

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
  /** `window`: only the orders waiting for the customer to pick a capture window. */
  awaiting: z.enum(['window'], { error: 'awaiting must be "window".' }).optional(),
});
export type TListCustomerOrdersQuery = z.infer<typeof ZListCustomerOrdersQuery>;

export const PROGRESS_STEP_KEYS = ['scheduling', 'capture', 'processing', 'delivery', 'review'] as const;

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
  /** The order's one currency (decision 203). */
  currency: z.string(),
  /**
   * The size the customer gave with the estimate (square meters, and square feet as typed by an
   * imperial organisation), shown in the organisation's unit system; null without an estimate.
   */
  area: z.object({ squareMeters: z.number(), squareFeet: z.number().nullable() }).nullable(),
  scheduledStart: isoDateTime.nullable(),
  scheduledEnd: isoDateTime.nullable(),
  /** The place's time zone, in which the window is shown (decision 141); null while unplaced. */
  timeZone: z.string().nullable(),
  /** Capture windows the provider proposed for the customer to pick from; 0 when none waits. */
  windowsToPick: z.number().int(),
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
  /** A signed link to the file's thumbnail; null while there is none (show the type icon). */
  thumbnailUrl: z.string().nullable(),
  /** 1 for the first upload of a name; a revised upload is the next version (decision 134). */
  version: z.number().int(),
  /** A later version exists: this one stays downloadable, shown as "Superseded". */
  superseded: z.boolean(),
  /** A point cloud's streaming tree and its progress (decision 226). */
  pointTree: ZPointTree,
  /** A tour link (decision 233): its address and whether to frame it; null for a file. */
  tour: ZTourView.nullable(),
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
  /** An accepted quote of a monthly organisation: the month whose invoice bills it (decision 242). */
  monthlyInvoice: ZMonthlyBilling.nullable().optional(),
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

/** The invoice whose payment unlocks an order's downloads and share links. */
export const ZPaymentLock = z.object({
  invoiceId: z.uuid(),
  quoteId: z.uuid(),
  number: z.string(),
  message: z.string(),
});
export type TPaymentLock = z.infer<typeof ZPaymentLock>;

export const ZCustomerOrderDetail = ZCustomerOrder.extend({
  quotes: z.array(ZCustomerQuote),
  deliverables: z.array(ZCustomerDeliverable),
  /** The customer's rating of the job, once given (one per order). */
  rating: ZRating.nullable(),
  /** Pay before download (decision 211): the unpaid invoice that holds the downloads back, or null. */
  paymentLock: ZPaymentLock.nullable().optional(),
  /** The order's property (decision 237): the id of its site address, whose page gathers the organisation's orders there. */
  propertyId: z.string(),
});
export type TCustomerOrderDetail = z.infer<typeof ZCustomerOrderDetail>;

// ---------------------------------------------------------------------------------------------
// Deliverables and signed links

export const ZDeliverablesByOrder = z.object({
  items: z.array(
    z.object({
      order: z.object({ id: z.uuid(), title: z.string(), displayStatus: z.enum(CUSTOMER_DISPLAY_STATUSES) }),
      files: z.array(ZCustomerDeliverable),
      /** Pay before download (decision 211): the unpaid invoice that holds the downloads back, or null. */
      paymentLock: ZPaymentLock.nullable().optional(),
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
  /** The organisation's order the request is about, if any (decision 204). */
  orderId: z.uuid({ error: 'Choose one of your orders.' }).nullish(),
});
export type TSupportRequest = z.input<typeof ZSupportRequest>;
export const ZSupportRequestCreated = z.object({ id: z.uuid(), createdAt: isoDateTime });

export const CUSTOMER_SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;

/** One message of a support request's thread as the customer sees it; admins are "Support team". */
export const ZCustomerSupportReply = z.object({
  id: z.uuid(),
  message: z.string(),
  fromAdmin: z.boolean(),
  /** The member who wrote it; null for the support team. */
  authorName: z.string().nullable(),
  createdAt: isoDateTime,
});

/** A support request of the organisation (GET /api/customer/support-requests). */
export const ZCustomerSupportRequest = z.object({
  id: z.uuid(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CUSTOMER_SUPPORT_STATUSES),
  order: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  requesterName: z.string().nullable(),
  replies: z.array(ZCustomerSupportReply),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type TCustomerSupportRequest = z.infer<typeof ZCustomerSupportRequest>;
export const ZCustomerSupportRequestList = z.object({ items: z.array(ZCustomerSupportRequest) });

/** The owner's changes to the organisation: its name, its unit system (decision 203), or both. */
export const ZUpdateOrganizationRequest = z
  .object({
    name: boundedText(200, { min: 1, message: 'Please enter a name.' }).optional(),
    unitSystem: ZUnitSystem.optional(),
  })
  .refine((value) => value.name !== undefined || value.unitSystem !== undefined, {
    message: 'Send a name, a unit system or both.',
  });
export type TUpdateOrganizationRequest = z.infer<typeof ZUpdateOrganizationRequest>;
/** The organisation as its members see it: the currency is the company's to set (decision 203). */
export const ZCustomerOrganization = z.object({
  id: z.uuid(),
  name: z.string(),
  currency: z.string(),
  unitSystem: z.enum(UNIT_SYSTEMS),
});
export const UNIT_SYSTEM_SAVED = { title: 'Unit system saved', message: 'Areas are now shown in it.' } as const;

export const ZRatingRequest = z.object({
  score: z.number().int().min(1).max(5),
  comment: boundedText(2000, { multiline: true }).optional(),
});
export type TRatingRequest = z.infer<typeof ZRatingRequest>;

// ---------------------------------------------------------------------------------------------
// New request from the portal, and Order again

const optionalPhone = z
  .union([z.literal(''), boundedText(FIELD_LIMITS.phone, { min: 5, message: VALIDATION.phone })])
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * POST /api/customer/orders: the public capture request's space details (same fields, options,
 * messages), without what the portal knows (organisation, contact), plus an optional phone for
 * the visit, the estimator's inputs, and the order this one repeats ("Order again").
 */
export const ZCreateCustomerOrderRequest = ZCaptureRequest.pick({
  location: true,
  placeId: true,
  preferredWindows: true,
  accessNotes: true,
  spaceType: true,
  spaceSize: true,
  captureType: true,
  timeline: true,
  additionalInfo: true,
}).extend({
  contactPhone: optionalPhone,
  estimate: ZOrderEstimateInputs.nullable(),
  sourceOrderId: z.uuid().nullish(),
});
export type TCreateCustomerOrderRequest = z.output<typeof ZCreateCustomerOrderRequest>;
export type TCreateCustomerOrderRequestInput = z.input<typeof ZCreateCustomerOrderRequest>;

export const ZCreateCustomerOrderResponse = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(ORDER_STATUSES),
  displayStatus: z.enum(CUSTOMER_DISPLAY_STATUSES),
  estimate: ZOrderEstimate.nullable(),
  createdAt: isoDateTime,
});
export type TCreateCustomerOrderResponse = z.infer<typeof ZCreateCustomerOrderResponse>;

/** GET /api/customer/sites: the addresses the organisation ordered for, most recently used first. */
export const ZCustomerSitesResponse = z.object({
  items: z.array(z.object({ location: z.string(), lastOrderedAt: isoDateTime })),
});
export type TCustomerSitesResponse = z.infer<typeof ZCustomerSitesResponse>;

/**
 * GET /api/customer/orders/:id/order-again: the new-request form's values from a past order of
 * the organisation. A detail the source never recorded (an order from an older lead) is null.
 */
export const ZOrderAgainResponse = z.object({
  sourceOrder: z.object({ id: z.uuid(), title: z.string() }),
  values: z.object({
    location: z.string(),
    spaceType: z.enum(SPACE_TYPES).nullable(),
    spaceSize: z.enum(SPACE_SIZES).nullable(),
    captureType: z.enum(CAPTURE_TYPES).nullable(),
    timeline: z.enum(TIMELINES).nullable(),
    additionalInfo: z.string().nullable(),
    contactPhone: z.string().nullable(),
    /** The size as the formula used it, and as typed in square feet by an imperial organisation. */
    estimate: z
      .object({
        squareMeters: z.number(),
        squareFeet: z.number().nullable(),
        locationType: z.enum(ESTIMATOR_LOCATION_TYPES),
        urgency: z.enum(ESTIMATOR_URGENCY_LEVELS),
      })
      .nullable(),
  }),
});
export type TOrderAgainResponse = z.infer<typeof ZOrderAgainResponse>;
