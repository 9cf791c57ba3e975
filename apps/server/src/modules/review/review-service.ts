import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import {
  REVIEW_MESSAGES,
  REVIEW_OUTCOMES,
  type TApproveOnBehalfRequest,
  type TChangeRequestView,
  type TOrderReview,
  type TRequestChangesRequest,
  type TReviewDecision,
} from '@spacecapture/shared/contracts/order-review';
import { AppError } from '@spacecapture/shared/errors';
import type { TNotificationEventType } from '@spacecapture/shared/notifications';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { TOrderStatus } from '@spacecapture/shared/state-machines';
import { type TViewerPin, viewerPinSchema } from '@spacecapture/shared/viewer-pin';
import type { TActor } from '../../lib/actor.ts';
import { acceptedAssignmentOf, acceptedProviderOf } from '../assignments/assignments-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { bookProviderCompensation } from '../ledger/ledger-service.ts';
import { emailRecipientsOf, notifyScope } from '../notifications/notifications-service.ts';
import { assertOrderMove, moveOrder } from '../orders/order-moves.ts';
import {
  findOrder,
  findOrgOrder,
  lockOrder,
  lockOrgOrder,
  providerEmailsFor,
  type TOrderRow,
  updateOrder,
} from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { readFeatureFlags } from '../settings/feature-flags-repository.ts';
import { enqueueWebhookEvent, orderPayload } from '../webhooks/webhook-events.ts';
import {
  changesRequestedEmails,
  redeliveredEmails,
  reviewOutcomeEmails,
  type TReviewOutcome,
} from './review-emails.ts';
import {
  countFilesOfRound,
  deliverableIdsOfOrder,
  findOverdueDeliveries,
  insertReviewComments,
  lastDeliveredAt,
  listOrderFiles,
  listReviewComments,
  reviewDecisionOf,
} from './review-repository.ts';

const NOT_FOUND = 'Order not found.';
const DAY_MS = 86_400_000;

/** The audit action of each way a review ends. */
const OUTCOME_AUDIT = {
  approved: 'approve',
  approved_on_behalf: 'approve_on_behalf',
  auto_approved: 'auto_approve',
  closed: 'close_review',
} as const satisfies Record<TReviewOutcome, string>;

/** The review's end as the portals show it, from the completing move's job event. */
function decisionView(event: Awaited<ReturnType<typeof reviewDecisionOf>>): TReviewDecision | null {
  const outcome = event ? REVIEW_OUTCOMES.find((known) => known === event.metadata.review) : undefined;
  if (!event || !outcome) return null;
  const reason = event.metadata.reason;
  return {
    outcome,
    at: event.createdAt.toISOString(),
    by: event.actorName ?? null,
    reason: typeof reason === 'string' ? reason : null,
  };
}

function customerOrderLink(orderId: string) {
  return `${PORTAL_PATHS.customer.orders}?order=${orderId}`;
}
function providerOrderLink(orderId: string) {
  return `${PORTAL_PATHS.provider.uploads}?order=${orderId}`;
}
function adminOrderLink(orderId: string) {
  return `${PORTAL_PATHS.admin.orders}?order=${orderId}`;
}

/**
 * The members of an organisation to e-mail about a review event: those whose own preference for
 * it is on and, for a provider, only while the organisation has project updates on (decision 060).
 */
async function reviewEmailsOf(
  tx: TExecutor,
  orgId: string,
  eventType: TNotificationEventType,
  audience: 'customer' | 'provider',
) {
  const wanted = await emailRecipientsOf(tx, { org: orgId }, eventType);
  if (audience === 'customer') return wanted;
  const allowed = new Set(await providerEmailsFor(tx, orgId, 'projectUpdates'));
  return wanted.filter((email) => allowed.has(email));
}

/**
 * The delivery review (decision 133). The customer approves a delivered order or requests changes
 * with comments; the provider re-delivers (through the uploads service's Mark delivered, which
 * calls `redeliver` here in its transaction); an admin approves on the customer's behalf or
 * closes the review; a worker approves deliveries left unanswered when the setting is on. Each
 * move is checked by the order machine and written with its job event, audit entry, e-mails and
 * in-app notices in one transaction.
 */
export function createReviewService(deps: { db: TDatabase; clock: () => Date; publicUrl: string }) {
  const { db, clock, publicUrl } = deps;

  async function reviewOf(
    order: TOrderRow,
    can: Pick<TOrderReview, 'canApprove' | 'canRequestChanges' | 'canRedeliver'>,
  ) {
    const [comments, files, decided] = await Promise.all([
      listReviewComments(db, order.id),
      listOrderFiles(db, order.id),
      order.status === 'completed' ? reviewDecisionOf(db, order.id) : null,
    ]);
    const rounds = new Map<number, TChangeRequestView>();
    for (const comment of comments) {
      let request = rounds.get(comment.round);
      if (!request) {
        request = {
          round: comment.round,
          requestedAt: comment.createdAt.toISOString(),
          requestedBy: comment.authorName ?? null,
          comments: [],
        };
        rounds.set(comment.round, request);
      }
      const pin = comment.pin ? viewerPinSchema.safeParse(comment.pin) : null;
      request.comments.push({
        id: comment.id,
        deliverableId: comment.deliverableId,
        fileName: comment.fileName ?? null,
        fileVersion: comment.fileVersion ?? null,
        body: comment.body,
        pin: pin?.success ? pin.data : null,
      });
    }
    return {
      orderId: order.id,
      status: order.status as TOrderStatus,
      round: order.deliveryRound,
      changeRequests: [...rounds.values()],
      decision: decisionView(decided),
      files: files.map((file) => ({
        id: file.id,
        fileName: file.fileName,
        type: file.type,
        size: Number(file.size),
        version: file.version,
        round: file.round,
        superseded: file.supersededAt !== null,
        uploadedAt: file.createdAt.toISOString(),
      })),
      ...can,
    } satisfies TOrderReview;
  }

  function customerOrgOf(actor: TActor) {
    if (!actor.orgId) throw new AppError('not_found', NOT_FOUND);
    return actor.orgId;
  }

  /**
   * An approved job's compensation becomes payable to its provider (decision 208), in the order's
   * currency (decision 203). A job without an accepted provider or a compensation books nothing.
   */
  async function bookCompensationPayable(tx: TExecutor, order: TOrderRow, actorUserId: string | null) {
    const job = await acceptedAssignmentOf(tx, order.id);
    if (!job?.compensation || Number(job.compensation) === 0) return;
    await bookProviderCompensation(
      tx,
      {
        assignmentId: job.id,
        orderId: order.id,
        providerOrgId: job.providerOrgId,
        currency: order.currency,
        compensation: job.compensation,
        actorUserId,
      },
      clock(),
    );
  }

  /**
   * Ends the review: the order becomes completed, the provider is told (and the customer, when
   * someone else decided for them), admins get a notice of the customer's own approval.
   */
  async function finish(
    tx: TExecutor,
    order: TOrderRow,
    outcome: TReviewOutcome,
    input: { actorUserId: string | null; reason: string | null },
  ) {
    const completed = await moveOrder(tx, order, 'completed', {
      actorUserId: input.actorUserId,
      at: clock(),
      metadata: { review: outcome, round: order.deliveryRound, ...(input.reason ? { reason: input.reason } : {}) },
    });
    if (outcome !== 'closed') {
      await enqueueWebhookEvent(tx, order.customerOrgId, 'order.approved', orderPayload(completed));
    }
    await recordAudit(tx, {
      entity: 'order',
      entityId: order.id,
      action: OUTCOME_AUDIT[outcome],
      before: { status: order.status, round: order.deliveryRound },
      after: {
        status: completed.status,
        round: order.deliveryRound,
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.actorUserId === null ? { actor: 'system' } : {}),
      },
      actorUserId: input.actorUserId,
    });
    const providerOrgId = await acceptedProviderOf(tx, order.id);
    if (outcome !== 'closed') await bookCompensationPayable(tx, order, input.actorUserId);
    const title = outcome === 'closed' ? `Order closed: ${order.title}` : `Delivery approved: ${order.title}`;
    const emails = [];
    if (providerOrgId) {
      emails.push(
        ...reviewOutcomeEmails({
          outcome,
          audience: 'provider',
          orderTitle: order.title,
          reason: input.reason,
          recipients: await reviewEmailsOf(tx, providerOrgId, 'delivery_reviewed', 'provider'),
          link: `${publicUrl}${providerOrderLink(order.id)}`,
        }),
      );
      await notifyScope(
        tx,
        { org: providerOrgId },
        {
          type: 'delivery_reviewed',
          title,
          body: input.reason ?? 'The job is complete.',
          link: providerOrderLink(order.id),
        },
      );
    }
    if (outcome === 'approved') {
      await notifyScope(
        tx,
        { roles: ADMIN_ROLES },
        {
          type: 'delivery_reviewed',
          title,
          body: 'The customer approved the delivery.',
          link: adminOrderLink(order.id),
        },
      );
    } else {
      emails.push(
        ...reviewOutcomeEmails({
          outcome,
          audience: 'customer',
          orderTitle: order.title,
          reason: input.reason,
          recipients: await reviewEmailsOf(tx, order.customerOrgId, 'delivery_updated', 'customer'),
          link: `${publicUrl}${customerOrderLink(order.id)}`,
        }),
      );
      await notifyScope(
        tx,
        { org: order.customerOrgId },
        {
          type: 'delivery_updated',
          title,
          body: input.reason ?? 'The order is complete.',
          link: customerOrderLink(order.id),
        },
      );
    }
    await enqueueEmails(tx, emails);
    return completed;
  }

  async function lockForCustomer(tx: TExecutor, actor: TActor, orderId: string) {
    const order = await lockOrgOrder(tx, customerOrgOf(actor), orderId);
    if (!order) throw new AppError('not_found', NOT_FOUND);
    return order;
  }

  function assertDelivered(order: TOrderRow, action: string) {
    if (order.status !== 'delivered') {
      throw new AppError('conflict', `Only a delivered order can be ${action}; this order is ${order.status}.`);
    }
  }

  return {
    /** The review as the customer sees it (404 for another organisation's order). */
    async customerView(actor: TActor, orderId: string): Promise<TOrderReview> {
      const order = await findOrgOrder(db, customerOrgOf(actor), orderId);
      if (!order) throw new AppError('not_found', NOT_FOUND);
      const delivered = order.status === 'delivered';
      return reviewOf(order, { canApprove: delivered, canRequestChanges: delivered, canRedeliver: false });
    },

    /** The review as the provider holding the accepted assignment sees it (404 otherwise). */
    async providerView(actor: TActor, orderId: string): Promise<TOrderReview> {
      if (!actor.orgId || (await acceptedProviderOf(db, orderId)) !== actor.orgId) {
        throw new AppError('not_found', NOT_FOUND);
      }
      const order = await readOrder(orderId);
      const canRedeliver =
        order.status === 'changes_requested' && (await countFilesOfRound(db, orderId, order.deliveryRound + 1)) > 0;
      return reviewOf(order, { canApprove: false, canRequestChanges: false, canRedeliver });
    },

    /** Every round, for the admin's order page. */
    async adminView(orderId: string): Promise<TOrderReview> {
      const order = await readOrder(orderId);
      return reviewOf(order, {
        canApprove: order.status === 'delivered',
        canRequestChanges: false,
        canRedeliver: false,
      });
    },

    /** Customer: Approve all. delivered → completed. */
    async approve(actor: TActor, orderId: string): Promise<TOrderReview> {
      await db.transaction(async (tx) => {
        const order = await lockForCustomer(tx, actor, orderId);
        assertDelivered(order, 'approved');
        await finish(tx, order, 'approved', { actorUserId: actor.userId, reason: null });
      });
      return this.customerView(actor, orderId);
    },

    /**
     * Customer: Request changes. delivered → changes_requested with the comments of this round,
     * each about a file of the order or the whole delivery (a file of another order is a 400, and
     * nothing is written). The provider is e-mailed every comment.
     */
    async requestChanges(actor: TActor, orderId: string, request: TRequestChangesRequest): Promise<TOrderReview> {
      await db.transaction(async (tx) => {
        const order = await lockForCustomer(tx, actor, orderId);
        assertDelivered(order, 'sent back for changes');
        assertOrderMove(order, 'changes_requested');
        const fileIds = [...new Set(request.comments.flatMap((comment) => comment.deliverableId ?? []))];
        const known = await deliverableIdsOfOrder(tx, orderId, fileIds);
        const fields: Record<string, string> = {};
        request.comments.forEach((comment, index) => {
          if (comment.deliverableId && !known.has(comment.deliverableId)) {
            fields[`comments.${index}.deliverableId`] = REVIEW_MESSAGES.fileNotInOrder;
          }
        });
        if (Object.keys(fields).length > 0) {
          throw new AppError('validation_failed', REVIEW_MESSAGES.fileNotInOrder, fields);
        }
        const round = order.deliveryRound;
        await insertReviewComments(
          tx,
          request.comments.map((comment) => ({
            orderId,
            round,
            deliverableId: comment.deliverableId ?? null,
            body: comment.body,
            pin: comment.pin ?? null,
            authorUserId: actor.userId,
          })),
        );
        await moveOrder(tx, order, 'changes_requested', {
          actorUserId: actor.userId,
          at: clock(),
          metadata: { round, comments: request.comments.length },
        });
        await recordAudit(tx, {
          entity: 'order',
          entityId: orderId,
          action: 'request_changes',
          before: { status: order.status, round },
          after: { status: 'changes_requested', round, comments: request.comments },
          actorUserId: actor.userId,
        });
        const providerOrgId = await acceptedProviderOf(tx, orderId);
        if (providerOrgId) {
          const names = new Map(
            (await listOrderFiles(tx, orderId)).map((file) => [file.id, `${file.fileName} (version ${file.version})`]),
          );
          await enqueueEmails(
            tx,
            changesRequestedEmails({
              orderTitle: order.title,
              round,
              comments: request.comments.map((comment) => ({
                fileName: comment.deliverableId ? (names.get(comment.deliverableId) ?? null) : null,
                body: comment.body,
                pin: (comment.pin ?? null) as TViewerPin | null,
              })),
              recipients: await reviewEmailsOf(tx, providerOrgId, 'delivery_reviewed', 'provider'),
              link: `${publicUrl}${providerOrderLink(orderId)}`,
            }),
          );
          await notifyScope(
            tx,
            { org: providerOrgId },
            {
              type: 'delivery_reviewed',
              title: `Changes requested: ${order.title}`,
              body: `The customer left ${request.comments.length} comment${request.comments.length === 1 ? '' : 's'} on the delivery.`,
              link: providerOrderLink(orderId),
            },
          );
        }
        await notifyScope(
          tx,
          { roles: ADMIN_ROLES },
          {
            type: 'delivery_reviewed',
            title: `Changes requested: ${order.title}`,
            body: `Round ${round}: ${request.comments.length} comment${request.comments.length === 1 ? '' : 's'}.`,
            link: adminOrderLink(orderId),
          },
        );
      });
      return this.customerView(actor, orderId);
    },

    /** Admin: approve a delivered order on the customer's behalf, with a reason. */
    async approveOnBehalf(actor: TActor, orderId: string, request: TApproveOnBehalfRequest): Promise<TOrderReview> {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw new AppError('not_found', NOT_FOUND);
        assertDelivered(order, 'approved');
        await finish(tx, order, 'approved_on_behalf', { actorUserId: actor.userId, reason: request.reason });
      });
      return this.adminView(orderId);
    },

    /** Admin: close a delivered order, or one whose changes were requested, with a reason. */
    async close(actor: TActor, orderId: string, request: TApproveOnBehalfRequest): Promise<TOrderReview> {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) throw new AppError('not_found', NOT_FOUND);
        if (order.status !== 'delivered' && order.status !== 'changes_requested') {
          throw new AppError(
            'conflict',
            `Only an order under review (delivered or changes requested) can be closed; this order is ${order.status}.`,
          );
        }
        await finish(tx, order, 'closed', { actorUserId: actor.userId, reason: request.reason });
      });
      return this.adminView(orderId);
    },

    /**
     * Auto-approval (decision 135): when the setting is on, delivered orders whose latest delivery
     * is older than the set number of days are approved, audited with the system as actor. Orders
     * locked by a change in progress are skipped and seen again on the next pass; each is checked
     * again under its lock, so a customer's answer that won the race stands.
     */
    async approveOverdueDeliveries(limit: number): Promise<number> {
      const flags = await readFeatureFlags(db);
      if (!flags.autoApproveDeliveries) return 0;
      const cutoff = new Date(clock().getTime() - flags.autoApproveAfterDays * DAY_MS);
      const due = await findOverdueDeliveries(db, cutoff, limit);
      let approved = 0;
      for (const candidate of due) {
        const done = await db.transaction(async (tx) => {
          const order = await lockOrder(tx, candidate.id, { skipLocked: true });
          if (order?.status !== 'delivered') return false;
          const deliveredAt = await lastDeliveredAt(tx, order.id);
          if (!deliveredAt || deliveredAt.getTime() >= cutoff.getTime()) return false;
          await finish(tx, order, 'auto_approved', {
            actorUserId: null,
            reason: `No answer within ${flags.autoApproveAfterDays} day${flags.autoApproveAfterDays === 1 ? '' : 's'} of delivery.`,
          });
          return true;
        });
        if (done) approved++;
      }
      return approved;
    },
  };

  async function readOrder(orderId: string) {
    const found = await findOrder(db, orderId);
    if (!found) throw new AppError('not_found', NOT_FOUND);
    return found.order;
  }
}

/**
 * Provider: Mark re-delivered, inside the uploads service's Mark delivered transaction, for an
 * order whose changes were requested: changes_requested → delivered, the round moves on, and the
 * customer's members are told (decision 133). Needs a file uploaded for the new round.
 */
export async function redeliver(
  tx: TExecutor,
  order: TOrderRow,
  input: { actorUserId: string; at: Date; publicUrl: string },
): Promise<TOrderRow> {
  const round = order.deliveryRound + 1;
  const fileCount = await countFilesOfRound(tx, order.id, round);
  if (fileCount === 0) throw new AppError('conflict', REVIEW_MESSAGES.redeliverNeedsFile);
  assertOrderMove(order, 'delivered');
  const moved = await moveOrder(tx, order, 'delivered', {
    actorUserId: input.actorUserId,
    at: input.at,
    metadata: { round, revisedFiles: fileCount },
  });
  const updated = await updateOrder(tx, order.id, { deliveryRound: round }, input.at);
  await recordAudit(tx, {
    entity: 'order',
    entityId: order.id,
    action: 'redeliver',
    before: { status: order.status, round: order.deliveryRound },
    after: { status: moved.status, round, revisedFiles: fileCount },
    actorUserId: input.actorUserId,
  });
  await enqueueEmails(
    tx,
    redeliveredEmails({
      orderTitle: order.title,
      round,
      fileCount,
      recipients: await reviewEmailsOf(tx, order.customerOrgId, 'delivery_updated', 'customer'),
      link: `${input.publicUrl}${customerOrderLink(order.id)}`,
    }),
  );
  await notifyScope(
    tx,
    { org: order.customerOrgId },
    {
      type: 'delivery_updated',
      title: `Revised delivery: ${order.title}`,
      body: `Round ${round}: ${fileCount} revised file${fileCount === 1 ? '' : 's'} to review.`,
      link: customerOrderLink(order.id),
    },
  );
  return updated;
}

export type TReviewService = ReturnType<typeof createReviewService>;
