import type { TOrderProgress, TProgressStep } from '@spacecapture/shared/contracts/customer-portal';

type TProgressEvent = { type: string; metadata: Record<string, unknown>; createdAt: Date };

const STEPS = [
  ['scheduling', 'Capture scheduled'],
  ['capture', 'Capture completed'],
  ['processing', 'Processing and QA'],
  ['delivery', 'Final delivery'],
  ['review', 'Your review'],
] as const satisfies readonly (readonly [TProgressStep['key'], string])[];

/**
 * The customer's steps of the job, each done only when the event that does it exists, and dated
 * by that event (decision 108):
 * - scheduling: the order moved to scheduled (the admin confirmed the provider's window);
 * - capture: the first file arrived (or the order moved to captured or delivered): the window
 *   passing proves nothing, files do;
 * - processing and final delivery: the provider marked the order delivered;
 * - your review: the delivered order was completed (approved, by the customer or for them, or
 *   closed), so a delivery awaiting the customer's answer is not 100 % (decision 202).
 * A step not done is current only while it is really under way: scheduling while the order is
 * assigned, capture once the confirmed window has started, processing from the first file until
 * delivery, the review while the order is delivered or its changes are requested. Closed orders
 * have nothing current. A current step counts half in the percentage.
 */
export function orderProgress(
  order: { status: string; scheduledStart: Date | null },
  events: readonly TProgressEvent[],
  now: Date,
): TOrderProgress {
  const firstAt = (matches: (event: TProgressEvent) => boolean) => {
    const times = events.filter(matches).map((event) => event.createdAt.getTime());
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  };
  const movedTo =
    (...targets: string[]) =>
    (event: TProgressEvent) =>
      event.type === 'status_change' && targets.includes(String(event.metadata.to));

  const scheduledAt = firstAt(movedTo('scheduled'));
  const capturedAt = firstAt((event) => event.type === 'file_uploaded' || movedTo('captured', 'delivered')(event));
  const deliveredAt = firstAt(movedTo('delivered'));
  // Only a completion that followed a delivery ends the review: an order completed before delivery had none.
  const reviewedAt = deliveredAt
    ? firstAt((event) => movedTo('completed')(event) && event.createdAt >= deliveredAt)
    : null;
  const doneAt = [scheduledAt, capturedAt, deliveredAt, deliveredAt, reviewedAt];

  const windowStarted = order.scheduledStart !== null && order.scheduledStart.getTime() <= now.getTime();
  const underWay = [
    order.status === 'assigned',
    order.status === 'scheduled' && windowStarted,
    (order.status === 'scheduled' || order.status === 'captured') && capturedAt !== null,
    false,
    order.status === 'delivered' || order.status === 'changes_requested',
  ];

  const steps: TProgressStep[] = STEPS.map(([key, label], index) => {
    const at = doneAt[index] ?? null;
    return {
      key,
      label,
      state: at ? 'done' : underWay[index] ? 'current' : 'pending',
      at: at ? at.toISOString() : null,
    };
  });
  const points = steps.reduce((sum, step) => sum + (step.state === 'done' ? 1 : step.state === 'current' ? 0.5 : 0), 0);
  return { percent: Math.round((points / steps.length) * 100), steps };
}
