import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import {
  ORDER_ACTION_MESSAGES,
  type TCancelOrderRequest,
  type TCompleteOrderRequest,
  type TOpenUploadsEarlyRequest,
} from '@spacecapture/shared/contracts/admin-console/orders';
import { AppError } from '@spacecapture/shared/errors';
import { formatDateTime, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import {
  ASSIGNMENT_MACHINE,
  canTransition,
  type TAssignmentStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import type { TActor } from '../../lib/actor.ts';
import { lockLiveAssignmentOf, updateAssignment } from '../assignments/assignments-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { assertOrderMove, moveOrder } from '../orders/order-moves.ts';
import {
  insertJobEvent,
  lockOrder,
  memberEmailsOf,
  providerEmailsFor,
  UPLOADS_OPENED_EARLY,
  uploadsOpenedEarlyOf,
} from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { readFeatureFlags } from '../settings/feature-flags-repository.ts';
import { jobCompletedEmails, orderCancelledEmails, uploadsOpenedEarlyEmails } from './order-action-emails.ts';

/**
 * The admin's actions on one order (the /admin/orders detail): Cancel order, Mark completed and
 * Open uploads early. Each locks the order row first (then its live offer, the workflow's one lock order), checks the
 * order machine (an illegal move is a 409 "Cannot move order from X to Y."), and writes its job
 * event, one audit entry and its e-mails in the same transaction.
 */
export function createOrderActionsService(deps: { db: TDatabase; clock: () => Date }) {
  const { db, clock } = deps;

  async function lockExisting(tx: TExecutor, id: string) {
    const order = await lockOrder(tx, id);
    if (!order) throw new AppError('not_found', 'Order not found.');
    return order;
  }

  return {
    /**
     * Cancel order (any state before captured): the live offer, offered or accepted, is withdrawn,
     * and the customer's members and that provider's members are e-mailed the reason.
     */
    async cancel(id: string, request: TCancelOrderRequest, actor: TActor) {
      const reason = request.reason.trim();
      await db.transaction(async (tx) => {
        const order = await lockExisting(tx, id);
        assertOrderMove(order, 'cancelled');
        const live = await lockLiveAssignmentOf(tx, order.id);
        if (live && !canTransition(ASSIGNMENT_MACHINE, live.status as TAssignmentStatus, 'withdrawn')) {
          throw new AppError('conflict', transitionRefusal(ASSIGNMENT_MACHINE, live.status, 'withdrawn'));
        }
        const withdrawn = live ? await updateAssignment(tx, live.id, { status: 'withdrawn' }, clock()) : null;
        const cancelled = await moveOrder(tx, order, 'cancelled', {
          actorUserId: actor.userId,
          at: clock(),
          metadata: { reason, withdrawnAssignmentId: live?.id ?? null },
        });
        await recordAudit(tx, {
          entity: 'order',
          entityId: order.id,
          action: 'cancel',
          before: { ...order, liveAssignment: live ?? null },
          after: { ...cancelled, reason, liveAssignment: withdrawn },
          actorUserId: actor.userId,
        });
        const flags = live ? await readFeatureFlags(tx) : null;
        await enqueueEmails(
          tx,
          orderCancelledEmails({
            order: cancelled,
            reason,
            customerRecipients: await memberEmailsOf(tx, order.customerOrgId),
            provider: live
              ? {
                  recipients: await providerEmailsFor(tx, live.providerOrgId, 'projectUpdates'),
                  masked: live.status === 'offered' && (flags?.addressMaskingDefault ?? true),
                }
              : null,
          }),
        );
      });
    },

    /**
     * Mark completed: a delivered order becomes completed, and the provider that did the job is
     * told its compensation is now payable (unless it turned payment e-mails off). A scheduled or
     * captured order, never marked delivered, needs a reason (decision 109): it goes into the job
     * event, the audit entry and the provider's e-mail.
     */
    async complete(id: string, request: TCompleteOrderRequest | undefined, actor: TActor) {
      const reason = request?.reason?.trim() || null;
      await db.transaction(async (tx) => {
        const order = await lockExisting(tx, id);
        if (order.status === 'changes_requested') {
          // Under review: the review's Close (decision 133) tells both sides why.
          throw new AppError(
            'conflict',
            'This order is waiting for requested changes: close it from its delivery review, with a reason.',
          );
        }
        assertOrderMove(order, 'completed');
        const delivered = order.status === 'delivered';
        if (!delivered && !reason) {
          const message = ORDER_ACTION_MESSAGES.completeReasonRequired;
          throw new AppError('validation_failed', message, { reason: message });
        }
        const completed = await moveOrder(tx, order, 'completed', {
          actorUserId: actor.userId,
          at: clock(),
          ...(reason ? { metadata: { reason, beforeDelivery: !delivered } } : {}),
        });
        await recordAudit(tx, {
          entity: 'order',
          entityId: order.id,
          action: 'complete',
          before: order,
          after: reason ? { ...completed, reason, beforeDelivery: !delivered } : completed,
          actorUserId: actor.userId,
        });
        const job = await lockLiveAssignmentOf(tx, order.id);
        if (job?.status === 'accepted') {
          await enqueueEmails(
            tx,
            jobCompletedEmails({
              order: completed,
              compensation: job.compensation,
              earlyReason: delivered ? null : reason,
              recipients: await providerEmailsFor(tx, job.providerOrgId, 'paymentNotifications'),
            }),
          );
        }
      });
    },

    /**
     * Open uploads early (decision 109): the provider holding a scheduled order may upload files
     * and mark it delivered before its confirmed window starts. Once per order, only while the
     * window is ahead; the reason is kept in a job event (the order's timeline) and the audit
     * entry, and the provider is e-mailed.
     */
    async openUploadsEarly(id: string, request: TOpenUploadsEarlyRequest, actor: TActor) {
      const reason = request.reason.trim();
      await db.transaction(async (tx) => {
        const order = await lockExisting(tx, id);
        if (order.status !== 'scheduled') {
          throw new AppError(
            'conflict',
            `Uploads can be opened early only for a scheduled order; this order is ${order.status}.`,
          );
        }
        const job = await lockLiveAssignmentOf(tx, order.id);
        const windowStart = job?.status === 'accepted' ? job.scheduledStart : null;
        if (!job || !windowStart) {
          throw new AppError('conflict', 'Uploads can be opened early only for a job with a confirmed window.');
        }
        if (windowStart.getTime() <= clock().getTime()) {
          throw new AppError('conflict', 'The capture window has started: uploads are open already.');
        }
        const earlier = (await uploadsOpenedEarlyOf(tx, [order.id])).get(order.id);
        if (earlier) {
          throw new AppError(
            'conflict',
            `Uploads were opened early already, on ${formatDateTime(earlier.at, SERVER_TIME_ZONE)}.`,
          );
        }
        const opening = { reason, windowStart: windowStart.toISOString(), assignmentId: job.id };
        await insertJobEvent(tx, {
          orderId: order.id,
          type: UPLOADS_OPENED_EARLY,
          metadata: opening,
          actorUserId: actor.userId,
        });
        await recordAudit(tx, {
          entity: 'order',
          entityId: order.id,
          action: 'open_uploads_early',
          before: { status: order.status, windowStart: opening.windowStart },
          after: { status: order.status, ...opening },
          actorUserId: actor.userId,
        });
        await enqueueEmails(
          tx,
          uploadsOpenedEarlyEmails({
            order,
            windowStart,
            reason,
            recipients: await providerEmailsFor(tx, job.providerOrgId, 'projectUpdates'),
          }),
        );
      });
    },
  };
}

export type TOrderActionsService = ReturnType<typeof createOrderActionsService>;
