import type { TOrderProgress, TProgressStep } from '@spacecapture/shared/contracts/customer-portal';

/**
 * The customer's three steps (capture completed, processing and QA, final delivery), worked out
 * from the order's job events and status: a step is done when the order reached it, the first step
 * not done is current while the job is under way, and the percentage counts a current step as half.
 */
export function orderProgress(
  status: string,
  events: readonly { type: string; metadata: Record<string, unknown> }[],
  deliverableCount: number,
): TOrderProgress {
  const movedTo = (target: string) =>
    events.some((event) => event.type === 'status_change' && event.metadata.to === target);
  const delivered = status === 'delivered' || status === 'completed' || movedTo('delivered') || movedTo('completed');
  const captured =
    delivered || status === 'captured' || movedTo('captured') || events.some((event) => event.type === 'file_uploaded');
  const processed = delivered || deliverableCount > 0;
  const done = [captured, processed, delivered];
  const underWay = status === 'assigned' || status === 'scheduled' || status === 'captured';
  const currentIndex = underWay ? done.indexOf(false) : -1;
  const labels = [
    ['capture', 'Capture completed'],
    ['processing', 'Processing and QA'],
    ['delivery', 'Final delivery'],
  ] as const;
  const steps: TProgressStep[] = labels.map(([key, label], index) => ({
    key,
    label,
    state: done[index] ? 'done' : index === currentIndex ? 'current' : 'pending',
  }));
  const points = steps.reduce((sum, step) => sum + (step.state === 'done' ? 1 : step.state === 'current' ? 0.5 : 0), 0);
  return { percent: Math.round((points / steps.length) * 100), steps };
}
