import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import type { TCancelOrderRequest } from '@spacecapture/shared/contracts/admin-console/orders';
import { AppError } from '@spacecapture/shared/errors';
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
import { lockOrder, memberEmailsOf, providerEmailsFor } from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { readFeatureFlags } from '../settings/feature-flags-repository.ts';
import { jobCompletedEmails, orderCancelledEmails } from './order-action-emails.ts';

/**
 * The admin's actions on one order (the /admin/orders detail): Cancel order and Mark completed.
 * Each locks the order row first (then its live offer, the workflow's one lock order), checks the
 * order machine (an illegal move is a 409 "Cannot move order from X to Y."), and writes its job
 * event, one audit entry and its e-mails in the same transaction.
 */
export function createOrderActionsService(deps: { db: TDatabase; onEmailsQueued: () => void }) {
  const { db } = deps;

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
        const withdrawn = live ? await updateAssignment(tx, live.id, { status: 'withdrawn' }) : null;
        const cancelled = await moveOrder(tx, order, 'cancelled', {
          actorUserId: actor.userId,
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
      deps.onEmailsQueued();
    },

    /**
     * Mark completed: a delivered order becomes completed, and the provider that did the job is
     * told its compensation is now payable (unless it turned payment e-mails off).
     */
    async complete(id: string, actor: TActor) {
      await db.transaction(async (tx) => {
        const order = await lockExisting(tx, id);
        assertOrderMove(order, 'completed');
        const completed = await moveOrder(tx, order, 'completed', { actorUserId: actor.userId });
        await recordAudit(tx, {
          entity: 'order',
          entityId: order.id,
          action: 'complete',
          before: order,
          after: completed,
          actorUserId: actor.userId,
        });
        const job = await lockLiveAssignmentOf(tx, order.id);
        if (job?.status === 'accepted') {
          await enqueueEmails(
            tx,
            jobCompletedEmails({
              order: completed,
              compensation: job.compensation,
              recipients: await providerEmailsFor(tx, job.providerOrgId, 'paymentNotifications'),
            }),
          );
        }
      });
      deps.onEmailsQueued();
    },
  };
}

export type TOrderActionsService = ReturnType<typeof createOrderActionsService>;
