import { REVIEW_LIMITS } from '@spacecapture/shared/contracts/order-review';
import { type TViewerPin, viewerPinSchema } from '@spacecapture/shared/viewer-pin';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/**
 * The change request a customer is writing for an order, comment by comment, before it is sent
 * (decision 202). The order's form and the files' viewers write into the same draft: a comment
 * pinned and written in a viewer is already on the form when the customer returns to the order.
 * Kept in the tab's session storage, so a reload or a trip to another file keeps what was typed;
 * sending or discarding the request clears it.
 */
const ZDraftComment = z.object({
  key: z.string(),
  /** The file the comment is about; '' for the whole delivery. */
  deliverableId: z.string(),
  body: z.string(),
  pin: viewerPinSchema.nullable(),
});
export type TDraftComment = z.infer<typeof ZDraftComment>;
const ZDraft = z.array(ZDraftComment).max(REVIEW_LIMITS.comments);

/** The comment is about the whole delivery, not one file. */
export const WHOLE_DELIVERY = '';

const NONE: readonly TDraftComment[] = [];
const cache = new Map<string, readonly TDraftComment[]>();
const listeners = new Set<() => void>();

function storageKey(orderId: string) {
  return `review-draft:${orderId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the draft lives in memory for the page's life.
    return null;
  }
}

function read(orderId: string): readonly TDraftComment[] {
  const cached = cache.get(orderId);
  if (cached) return cached;
  let stored: readonly TDraftComment[] = NONE;
  try {
    const raw = storage()?.getItem(storageKey(orderId));
    const parsed = raw ? ZDraft.safeParse(JSON.parse(raw)) : null;
    if (parsed?.success) stored = parsed.data;
  } catch {
    // A draft that cannot be read is no draft.
  }
  cache.set(orderId, stored);
  return stored;
}

function write(orderId: string, comments: readonly TDraftComment[]) {
  cache.set(orderId, comments.length > 0 ? comments : NONE);
  try {
    if (comments.length > 0) storage()?.setItem(storageKey(orderId), JSON.stringify(comments));
    else storage()?.removeItem(storageKey(orderId));
  } catch {
    // Full or refused storage: the draft still holds in memory.
  }
  for (const listener of listeners) listener();
}

let lastKey = 0;
function newKey() {
  lastKey += 1;
  return `${Date.now().toString(36)}-${lastKey}`;
}

/** A new comment at the end of the order's draft (nothing when the draft already holds the most one request may). */
export function addDraftComment(
  orderId: string,
  comment: { deliverableId?: string; body?: string; pin?: TViewerPin | null } = {},
) {
  const current = read(orderId);
  if (current.length >= REVIEW_LIMITS.comments) return;
  write(orderId, [
    ...current,
    {
      key: newKey(),
      deliverableId: comment.deliverableId ?? WHOLE_DELIVERY,
      body: comment.body ?? '',
      pin: comment.pin ?? null,
    },
  ]);
}

export function updateDraftComment(orderId: string, key: string, change: Partial<Omit<TDraftComment, 'key'>>) {
  write(
    orderId,
    read(orderId).map((comment) => (comment.key === key ? { ...comment, ...change } : comment)),
  );
}

export function removeDraftComment(orderId: string, key: string) {
  write(
    orderId,
    read(orderId).filter((comment) => comment.key !== key),
  );
}

/** Sent or discarded: the draft is gone. */
export function clearDraft(orderId: string) {
  write(orderId, NONE);
}

/** A comment nobody wrote or pinned: left out when the request is sent, never an error. */
export function isUntouched(comment: TDraftComment) {
  return comment.body.trim() === '' && comment.pin === null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The order's draft comments, oldest first. */
export function useReviewDraft(orderId: string): readonly TDraftComment[] {
  return useSyncExternalStore(
    subscribe,
    () => read(orderId),
    () => NONE,
  );
}
