import type { TDatabase } from '@spacecapture/db/client';
import { listenToChannel, type TListenerLog } from '@spacecapture/db/listener';
import type { TNotificationStreamEvent } from '@spacecapture/shared/contracts/notifications';

/** The channel the notifications trigger announces each new row on, with its recipient's id. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

type TSubscriber = (event: TNotificationStreamEvent) => void;

/**
 * The open streams of this instance, by user (decision 122). The database announces every new
 * notification at its commit, on whichever instance wrote it; each instance listens and sends the
 * recipient's open pages their new count and newest item. Announcements for one user that arrive
 * while their event is being read are folded into one more read, so a burst costs two queries.
 * After the listening connection was lost and came back, every open stream is sent its count
 * again, since what was announced meanwhile was not heard.
 */
export function createNotificationStream(deps: {
  db: TDatabase;
  eventOf: (userId: string) => Promise<TNotificationStreamEvent>;
  log: TListenerLog & { error(details: object, message: string): void };
}) {
  const subscribers = new Map<string, Set<TSubscriber>>();
  const busy = new Map<string, boolean>();

  async function publish(userId: string): Promise<void> {
    if (!subscribers.has(userId)) return;
    if (busy.has(userId)) {
      busy.set(userId, true);
      return;
    }
    busy.set(userId, false);
    try {
      for (;;) {
        const event = await deps.eventOf(userId);
        for (const send of subscribers.get(userId) ?? []) send(event);
        if (!busy.get(userId)) break;
        busy.set(userId, false);
      }
    } catch (error) {
      deps.log.error({ err: error }, 'notifications: could not read an event to send');
    } finally {
      busy.delete(userId);
    }
  }

  const listener = listenToChannel(deps.db, NOTIFICATIONS_CHANNEL, (userId) => void publish(userId), {
    log: deps.log,
    onResumed: () => {
      for (const userId of subscribers.keys()) void publish(userId);
    },
  });

  return {
    ready: listener.ready,
    /** Starts sending `userId`'s events to `send`; returns the function that stops it. */
    subscribe(userId: string, send: TSubscriber): () => void {
      let own = subscribers.get(userId);
      if (!own) {
        own = new Set();
        subscribers.set(userId, own);
      }
      own.add(send);
      return () => {
        own.delete(send);
        if (own.size === 0 && subscribers.get(userId) === own) subscribers.delete(userId);
      };
    },
    /** Reads `userId`'s event and sends it to their open streams, in order with the announcements. */
    refresh: (userId: string) => publish(userId),
    /** How many streams are open on this instance. */
    openStreams() {
      let total = 0;
      for (const set of subscribers.values()) total += set.size;
      return total;
    },
    close: () => listener.close(),
  };
}

export type TNotificationStream = ReturnType<typeof createNotificationStream>;
