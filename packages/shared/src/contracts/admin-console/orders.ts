import { z } from 'zod';
import { boundedText } from '../../fields.ts';
import { ORDER_STATUSES, QUOTE_STATUSES, ZAssignment, ZOrgRef, ZPreferredDates } from '../admin-workflow.ts';
import { ZOrderPlace, ZTimeWindow } from '../dispatch.ts';
import { ZPointTree } from '../point-trees.ts';
import { ZFileCheck } from '../quality-checks.ts';
import { isoDateTime, listQuery, oneOrMany, pageOf, ZActorRef, ZSearch } from './common.ts';
import { SUPPORT_REQUEST_STATUSES } from './support-requests.ts';

/** GET /api/admin/orders (list, detail) and the order actions (cancel, complete). */

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
  /** The order's one currency (decision 203). */
  currency: z.string(),
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

/** An assignment as the order's history shows it: the one in admin-workflow, without its order id. */
export const ZOrderAssignment = ZAssignment.omit({ orderId: true });

export const ZOrderDeliverable = z.object({
  id: z.uuid(),
  type: z.string(),
  fileName: z.string(),
  size: z.number(),
  paths: z.array(z.string()),
  uploadedBy: ZActorRef.nullable(),
  deliveredAt: isoDateTime,
  createdAt: isoDateTime,
  /** A signed link to the file's thumbnail; null while there is none (show the type icon). */
  thumbnailUrl: z.string().nullable(),
  /** The file's quality check and any admin override of it (decision 236). */
  check: ZFileCheck,
  /**
   * A point cloud's streaming tree with its signed link, as the customer and provider see it
   * (decision 226), and why none could be made: admins support the provider.
   */
  pointTree: ZPointTree,
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
  order: ZAdminOrderListItem.extend({
    leadId: z.uuid().nullable(),
    /** Where the capture is (null while unplaced), the customer's windows and access notes (decisions 123, 140). */
    place: ZOrderPlace.nullable(),
    preferredWindows: z.array(ZTimeWindow),
    accessNotes: z.string().nullable(),
  }),
  jobEvents: z.array(ZOrderJobEvent),
  quotes: z.array(ZOrderQuote),
  assignments: z.array(ZOrderAssignment),
  deliverables: z.array(ZOrderDeliverable),
  ratings: z.array(ZOrderRating),
  /** The support requests the customer sent about the order (decision 204). */
  supportRequests: z.array(
    z.object({
      id: z.uuid(),
      subject: z.string(),
      status: z.enum(SUPPORT_REQUEST_STATUSES),
      createdAt: isoDateTime,
    }),
  ),
});
export type TAdminOrderDetail = z.infer<typeof ZAdminOrderDetail>;

export const ORDER_ACTION_LIMITS = { reasonMax: 1000 } as const;

export const ORDER_ACTION_MESSAGES = {
  reasonRequired: 'Give a reason for cancelling the order.',
  completeReasonRequired: 'Give a reason for completing an order that was not delivered.',
  earlyUploadReasonRequired: 'Give a reason for opening uploads before the capture window.',
  cancelled: { title: 'Order cancelled', message: 'The customer and the assigned provider will be notified.' },
  completed: { title: 'Order completed', message: 'The order is marked completed.' },
  uploadsOpened: { title: 'Uploads opened', message: 'The provider can upload files now and has been told.' },
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

/**
 * Mark completed: a delivered order needs no reason; a scheduled or captured one (not delivered)
 * needs one, which the service enforces (decision 109).
 */
export const ZCompleteOrderRequest = z.object({
  reason: boundedText(ORDER_ACTION_LIMITS.reasonMax, { multiline: true })
    .optional()
    .transform((value) => value || undefined),
});
export type TCompleteOrderRequest = z.input<typeof ZCompleteOrderRequest>;

/** Open uploads early: a scheduled order whose window has not started; the reason is required and audited. */
export const ZOpenUploadsEarlyRequest = z.object({
  reason: boundedText(ORDER_ACTION_LIMITS.reasonMax, {
    min: 1,
    message: ORDER_ACTION_MESSAGES.earlyUploadReasonRequired,
    multiline: true,
  }),
});
export type TOpenUploadsEarlyRequest = z.input<typeof ZOpenUploadsEarlyRequest>;
