import { ZNotificationStreamEvent } from '@spacecapture/shared/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getUnreadCount } from './get-unread-count.ts';
import { notificationKeys } from './notification-keys.ts';

const STREAM_URL = '/api/notifications/stream';
/** Back-off of the polling fallback: first wait, and the longest. */
export const POLL_FIRST_DELAY_MS = 5_000;
export const POLL_MAX_DELAY_MS = 60_000;

/** The next wait of the fallback: doubled, at most the longest. */
export function nextPollDelay(delayMs: number) {
  return Math.min(delayMs * 2, POLL_MAX_DELAY_MS);
}

/**
 * Keeps the unread count current without a reload (decision 121). The server's event stream
 * pushes the count and the newest item; the browser reconnects a dropped stream by itself. When
 * the stream cannot be had (no EventSource, or the server refused it), the count is polled with
 * back-off, and each poll tries the stream again; a stream that opens ends the polling.
 */
export function useNotificationStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delayMs = POLL_FIRST_DELAY_MS;
    let stopped = false;

    const applyCount = (unreadCount: number) => {
      const previous = queryClient.getQueryData<{ unreadCount: number }>(notificationKeys.unreadCount());
      queryClient.setQueryData(notificationKeys.unreadCount(), { unreadCount });
      // A count fetched before this event may answer after it and put the older count back (a
      // page opening while a notification commits): cancelled, the fetch keeps the count just set.
      void queryClient.cancelQueries({ queryKey: notificationKeys.unreadCount() });
      if (previous?.unreadCount !== unreadCount) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      }
    };

    const poll = () => {
      timer = setTimeout(async () => {
        if (stopped) return;
        try {
          applyCount((await getUnreadCount()).unreadCount);
        } catch {
          // Offline or refused: the next poll waits longer.
        }
        delayMs = nextPollDelay(delayMs);
        connect();
      }, delayMs);
    };

    const connect = () => {
      if (stopped) return;
      if (typeof EventSource === 'undefined') {
        poll();
        return;
      }
      source = new EventSource(STREAM_URL);
      source.addEventListener('open', () => {
        delayMs = POLL_FIRST_DELAY_MS;
      });
      source.addEventListener('notifications', (message) => {
        const parsed = ZNotificationStreamEvent.safeParse(JSON.parse((message as MessageEvent<string>).data));
        if (parsed.success) applyCount(parsed.data.unreadCount);
      });
      source.addEventListener('error', () => {
        // CONNECTING: the browser retries by itself. CLOSED: refused; fall back to polling.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          source = undefined;
          poll();
        }
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [queryClient]);
}
