import { z } from 'zod';
import { boundedText } from '../fields.ts';
import { viewerPinSchema } from '../viewer-pin.ts';
import { ORDER_STATUSES } from './admin-workflow.ts';

/**
 * The review of a delivered order (decision 133): the customer approves it or requests changes
 * with comments (per file or for the whole delivery, each optionally pinned to a point in the
 * viewer); the provider uploads revised versions and delivers again; the admin may approve on the
 * customer's behalf or close the order. One view of every round serves the three portals.
 */

const isoDateTime = z.iso.datetime({ offset: true });

export const REVIEW_LIMITS = {
  /** Longest comment. */
  comment: 2000,
  /** Most comments in one change request. */
  comments: 50,
  /** Longest reason an admin gives for approving on the customer's behalf or closing. */
  reason: 1000,
  /** Auto-approval after this many days at least and at most. */
  autoApproveDaysMin: 1,
  autoApproveDaysMax: 60,
} as const;

export const REVIEW_MESSAGES = {
  commentRequired: 'Write what should change.',
  commentsRequired: 'Add at least one comment.',
  tooManyComments: `At most ${REVIEW_LIMITS.comments} comments in one request.`,
  reasonRequired: 'Give a reason.',
  fileNotInOrder: 'This file is not part of the order.',
  redeliverNeedsFile: 'Upload at least one revised file before marking the order re-delivered.',
} as const;

export const ZReviewComment = z.object({
  /** The file the comment is about; absent or null for the whole delivery. */
  deliverableId: z.uuid().nullish(),
  body: boundedText(REVIEW_LIMITS.comment, { min: 1, multiline: true, message: REVIEW_MESSAGES.commentRequired }),
  /** A point picked in the file's viewer (3D or panorama), if any. */
  pin: viewerPinSchema.nullish(),
});
export type TReviewComment = z.infer<typeof ZReviewComment>;

/** POST /api/customer/orders/:id/request-changes */
export const ZRequestChangesRequest = z
  .object({
    comments: z
      .array(ZReviewComment, { error: REVIEW_MESSAGES.commentsRequired })
      .min(1, REVIEW_MESSAGES.commentsRequired)
      .max(REVIEW_LIMITS.comments, REVIEW_MESSAGES.tooManyComments),
  })
  .strict();
export type TRequestChangesRequest = z.infer<typeof ZRequestChangesRequest>;

/** POST /api/admin/orders/:id/approve: approving on the customer's behalf needs a reason. */
export const ZApproveOnBehalfRequest = z
  .object({
    reason: boundedText(REVIEW_LIMITS.reason, { min: 1, multiline: true, message: REVIEW_MESSAGES.reasonRequired }),
  })
  .strict();
export type TApproveOnBehalfRequest = z.infer<typeof ZApproveOnBehalfRequest>;

export const ZReviewFile = z.object({
  id: z.uuid(),
  fileName: z.string(),
  type: z.string(),
  size: z.number(),
  /** 1 for the first upload of a name; each revised upload of the same name is the next version. */
  version: z.number().int(),
  /** The delivery round the file was uploaded for. */
  round: z.number().int(),
  /** A later version of the same file exists: still downloadable, shown as "Superseded". */
  superseded: z.boolean(),
  uploadedAt: isoDateTime,
});
export type TReviewFile = z.infer<typeof ZReviewFile>;

export const ZReviewCommentView = z.object({
  id: z.uuid(),
  deliverableId: z.uuid().nullable(),
  /** The commented file's name and version, for display; null for the whole delivery. */
  fileName: z.string().nullable(),
  fileVersion: z.number().int().nullable(),
  body: z.string(),
  pin: viewerPinSchema.nullable(),
});
export type TReviewCommentView = z.infer<typeof ZReviewCommentView>;

export const ZChangeRequestView = z.object({
  /** The delivery round the comments answer. */
  round: z.number().int(),
  requestedAt: isoDateTime,
  requestedBy: z.string().nullable(),
  comments: z.array(ZReviewCommentView),
});
export type TChangeRequestView = z.infer<typeof ZChangeRequestView>;

/** How a review ended: approved by the customer or on their behalf, approved for want of an answer, or closed. */
export const REVIEW_OUTCOMES = ['approved', 'approved_on_behalf', 'auto_approved', 'closed'] as const;
export type TReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** The decision that ended the review (decision 202): shown where the Approve button was. */
export const ZReviewDecision = z.object({
  outcome: z.enum(REVIEW_OUTCOMES),
  at: isoDateTime,
  /** Who decided; null for the automatic approval (or a person since removed). */
  by: z.string().nullable(),
  /** The admin's reason, or why it was approved automatically. */
  reason: z.string().nullable(),
});
export type TReviewDecision = z.infer<typeof ZReviewDecision>;

export const ZOrderReview = z.object({
  orderId: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  /** The current delivery round: 1 until the first change request is answered by a new delivery. */
  round: z.number().int(),
  /** Every change request, oldest first. */
  changeRequests: z.array(ZChangeRequestView),
  /** Once the order is completed through its review: how, when and by whom; null before. */
  decision: ZReviewDecision.nullable(),
  /** Every file with its version, newest first. */
  files: z.array(ZReviewFile),
  /** What the caller may do now. */
  canApprove: z.boolean(),
  canRequestChanges: z.boolean(),
  canRedeliver: z.boolean(),
});
export type TOrderReview = z.infer<typeof ZOrderReview>;

/** "Pinned at x 1.20, y 0.40, z 2.00" or "Pinned at yaw 12.0°, pitch -3.5°". */
export function describePin(pin: z.infer<typeof viewerPinSchema>): string {
  if (pin.kind === 'model') return `Pinned at x ${pin.x.toFixed(2)}, y ${pin.y.toFixed(2)}, z ${pin.z.toFixed(2)}`;
  return `Pinned at yaw ${pin.yaw.toFixed(1)}°, pitch ${pin.pitch.toFixed(1)}°`;
}

export const REVIEW_TOASTS = {
  approved: { title: 'Delivery approved', message: 'The order is complete. The provider has been told.' },
  changesRequested: { title: 'Changes requested', message: 'The provider has been sent your comments.' },
  redelivered: { title: 'Marked re-delivered', message: 'The customer has been told the revised files are ready.' },
  approvedOnBehalf: { title: 'Delivery approved', message: 'The customer and the provider have been told.' },
  closed: { title: 'Order closed', message: 'The customer and the provider have been told.' },
  failed: { title: 'Failed', message: '' },
} as const;
