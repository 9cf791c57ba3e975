import type { TExecutor } from '@spacecapture/db/client';
import type { TWebhookEvent } from '@spacecapture/shared/contracts/webhooks';
import { insertDeliveriesForEvent } from './webhooks-repository.ts';

/**
 * Queues `event` for every endpoint of the organisation that wants it, inside the caller's
 * transaction: the delivery exists exactly when the change it reports does (decision 117). The
 * webhook worker sends it after the commit; nothing here touches the network.
 */
export async function enqueueWebhookEvent(
  tx: TExecutor,
  organizationId: string,
  event: TWebhookEvent,
  payload: Record<string, unknown>,
) {
  await insertDeliveriesForEvent(tx, organizationId, event, payload);
}

type TOrderFields = {
  id: string;
  title: string;
  status: string;
  location: string;
  captureType: string;
  scheduledStart: Date | null;
  scheduledEnd: Date | null;
  createdAt: Date;
};

/** What an order event says of the order: what the customer's portal shows, never a provider's identity. */
export function orderPayload(order: TOrderFields) {
  return {
    order: {
      id: order.id,
      title: order.title,
      status: order.status,
      location: order.location,
      captureType: order.captureType,
      scheduledStart: order.scheduledStart?.toISOString() ?? null,
      scheduledEnd: order.scheduledEnd?.toISOString() ?? null,
      createdAt: order.createdAt.toISOString(),
    },
  };
}

/** The webhook event an order reports when it reaches `status`, if any (quote.sent is fired by the quote). */
export function webhookEventForOrderStatus(status: string): TWebhookEvent | null {
  if (status === 'scheduled') return 'order.scheduled';
  if (status === 'delivered') return 'order.delivered';
  if (status === 'changes_requested') return 'order.changes_requested';
  if (status === 'completed') return 'order.completed';
  return null;
}
