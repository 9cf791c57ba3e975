import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { useUnreadCount } from './get-unread-count.ts';
import { useNotificationStream } from './notification-stream.ts';

/**
 * Issue 26, item 11: the count a page fetched as it opened must not overwrite a newer count the
 * stream brought meanwhile. The page asks for the count and opens the stream at once; a
 * notification committed between the count's read and its answer reaches the stream first.
 */

/** The one EventSource the hook opens, driven by the test. */
class FakeEventSource extends EventTarget {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  send(data: unknown) {
    this.dispatchEvent(new MessageEvent('notifications', { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

let answerCount: (unreadCount: number) => void;

beforeEach(() => {
  // Observers are told at once, inside act, not on a later timer: what the page shows is settled
  // when act returns, however loaded the machine.
  notifyManager.setScheduler((callback) => callback());
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  // The count's answer waits until the test gives it.
  vi.stubGlobal(
    'fetch',
    (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        answerCount = (unreadCount) =>
          resolve(new Response(JSON.stringify({ unreadCount }), { headers: { 'Content-Type': 'application/json' } }));
      }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
});

const mount = mountPerTest();

function Bell() {
  useNotificationStream();
  const count = useUnreadCount();
  return <output>{count.data ? `${count.data.unreadCount} unread` : 'loading'}</output>;
}

it('a count fetched before the stream’s newer one does not put the older count back', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    mount.root.render(
      <QueryClientProvider client={client}>
        <Bell />
      </QueryClientProvider>,
    );
  });
  expect(FakeEventSource.opened).toHaveLength(1);
  await act(async () => {
    FakeEventSource.opened[0]?.send({ unreadCount: 1, latest: null });
  });
  expect(mount.container.textContent).toBe('1 unread');
  // The count read before the notification committed answers now.
  await act(async () => {
    answerCount(0);
  });
  // The count's fetch has settled (cancelled, or answered): nothing more is on its way.
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  expect(mount.container.textContent).toBe('1 unread');
});
