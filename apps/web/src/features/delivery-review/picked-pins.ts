import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import { useSyncExternalStore } from 'react';
import type { TPickedPins } from './components/request-changes-form.tsx';

/**
 * The points a customer picked in an order's file viewers, by order then file. A file opens in its
 * own page, so the pick has to outlive that page until the customer writes the comment on the
 * order's review form. Kept in memory: a reload forgets an unsent pick, like any unsent form.
 */
const picked = new Map<string, TPickedPins>();
const listeners = new Set<() => void>();
const NONE: TPickedPins = {};

export function pickPoint(orderId: string, deliverableId: string, pin: TViewerPin) {
  picked.set(orderId, { ...picked.get(orderId), [deliverableId]: pin });
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The points picked in this order's files, the last one per file. */
export function usePickedPins(orderId: string): TPickedPins {
  return useSyncExternalStore(
    subscribe,
    () => picked.get(orderId) ?? NONE,
    () => NONE,
  );
}
