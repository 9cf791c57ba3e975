import { afterCommit } from '@spacecapture/db/after-commit';
import type { TExecutor } from '@spacecapture/db/client';
import { AppError } from '@spacecapture/shared/errors';
import {
  canTransition,
  ORDER_MACHINE,
  type TOrderStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import { enqueueWebhookEvent, orderPayload, webhookEventForOrderStatus } from '../webhooks/webhook-events.ts';
import { insertJobEvent, type TOrderRow, updateOrder } from './orders-repository.ts';

/**
 * Told after the commit of a move to approved (a quote accepted, an offer that fell through): the
 * order waits for a provider, so an auto-offer step may run now rather than at the next poll.
 */
export const ORDER_APPROVED = 'orders:approved';

/** Refuses a move the order machine does not allow: 409 "Cannot move order from X to Y." */
export function assertOrderMove(order: Pick<TOrderRow, 'status'>, to: TOrderStatus) {
  if (!canTransition(ORDER_MACHINE, order.status as TOrderStatus, to)) {
    throw new AppError('conflict', transitionRefusal(ORDER_MACHINE, order.status, to));
  }
}

/**
 * Moves a locked order to `to` after checking the machine, and records the job event
 * `status_change` (spec 001 §4: with its target status) in the same transaction, with the
 * customer organisation's webhook event for the new status, if it has one (decision 117).
 */
export async function moveOrder(
  tx: TExecutor,
  order: TOrderRow,
  to: TOrderStatus,
  event: {
    actorUserId: string | null;
    /** The app clock's time of the move, stamped as the order's `updatedAt`. */
    at: Date;
    metadata?: Record<string, unknown>;
    values?: { scheduledStart?: Date; scheduledEnd?: Date };
  },
) {
  assertOrderMove(order, to);
  const updated = await updateOrder(tx, order.id, { status: to, ...event.values }, event.at);
  await insertJobEvent(tx, {
    orderId: order.id,
    type: 'status_change',
    metadata: { from: order.status, to, ...event.metadata },
    actorUserId: event.actorUserId,
  });
  const webhookEvent = webhookEventForOrderStatus(to);
  if (webhookEvent) await enqueueWebhookEvent(tx, updated.customerOrgId, webhookEvent, orderPayload(updated));
  if (to === 'approved') afterCommit(tx, ORDER_APPROVED);
  return updated;
}

/** Orders that are over: nothing more can be quoted or answered for them. */
export function isClosedOrder(status: string) {
  return status === 'completed' || status === 'cancelled';
}
