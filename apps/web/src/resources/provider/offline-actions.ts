import { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { createIdempotencyKey } from '../../lib/idempotency-key.ts';
import { dropQueuedAction, queueAction, queuedActionsOf, type TQueuedAction } from '../../lib/offline/offline-queue.ts';

/**
 * The provider's actions that may be taken without signal (decision 225): answering an offer and
 * proposing a capture window. Each one is tried at once; when no answer comes back (no signal),
 * it waits on the device and is sent, in the order taken, when the signal returns.
 */
export type TOfflineKind = 'accept' | 'decline' | 'propose-schedule';

const REQUEST_PATHS: Record<TOfflineKind, (assignmentId: string) => string> = {
  accept: (id) => `/api/provider/assignments/${encodeURIComponent(id)}/accept`,
  decline: (id) => `/api/provider/assignments/${encodeURIComponent(id)}/decline`,
  'propose-schedule': (id) => `/api/provider/assignments/${encodeURIComponent(id)}/schedule`,
};

function isOfflineKind(kind: string): kind is TOfflineKind {
  return Object.hasOwn(REQUEST_PATHS, kind);
}

/** No answer at all (status 0): the request never reached the server, or its answer never came back. */
function isNoSignal(error: unknown) {
  return error instanceof ApiError && error.status === 0;
}

export type TSentOrQueued<T> = { queued: false; value: T } | { queued: true; action: TQueuedAction };

type TAction<T> = {
  kind: TOfflineKind;
  assignmentId: string;
  body: unknown;
  label: string;
  /** The signed-in user; without one (outside a portal) the action is only ever sent, never kept. */
  userId: string | null;
  schema: z.ZodType<T>;
};

/** Sends the action, or keeps it on the device when there is no signal. */
export async function sendOrQueue<T>(action: TAction<T>): Promise<TSentOrQueued<T>> {
  const id = createIdempotencyKey();
  if (navigator.onLine || action.userId === null) {
    try {
      const value = await apiRequest(REQUEST_PATHS[action.kind](action.assignmentId), {
        method: 'POST',
        json: action.body,
        schema: action.schema,
        idempotencyKey: id,
      });
      return { queued: false, value };
    } catch (error) {
      if (!isNoSignal(error) || action.userId === null) throw error;
    }
  }
  const queued: TQueuedAction = {
    id,
    userId: action.userId,
    kind: action.kind,
    targetId: action.assignmentId,
    body: action.body,
    label: action.label,
    queuedAt: new Date().toISOString(),
  };
  await queueAction(queued);
  return { queued: true, action: queued };
}

export type TSendResult = {
  sent: TQueuedAction[];
  /** Refused by the server meanwhile (an offer that expired, a job given to someone else). */
  refused: { action: TQueuedAction; message: string }[];
};

let sending: Promise<TSendResult> | null = null;

/**
 * Sends the user's waiting actions in the order taken. A refusal is reported and the action
 * dropped (sending it again would be refused again); no signal stops the run, keeping the rest.
 * Only one run at a time: a second call while one runs gets the same result.
 */
export function sendQueuedActions(userId: string): Promise<TSendResult> {
  sending ??= (async () => {
    const result: TSendResult = { sent: [], refused: [] };
    for (const action of await queuedActionsOf(userId)) {
      if (!isOfflineKind(action.kind)) {
        await dropQueuedAction(action.id);
        continue;
      }
      try {
        await apiRequest(REQUEST_PATHS[action.kind](action.targetId), {
          method: 'POST',
          json: action.body,
          // The answer is not read: the screens refetch what they show once the run ends.
          schema: z.unknown(),
          idempotencyKey: action.id,
        });
        result.sent.push(action);
      } catch (error) {
        if (isNoSignal(error)) break;
        const message = error instanceof Error && error.message ? error.message : 'The server refused it.';
        result.refused.push({ action, message });
      }
      await dropQueuedAction(action.id);
    }
    return result;
  })().finally(() => {
    sending = null;
  });
  return sending;
}
