import type { TNotificationStreamEvent } from '@spacecapture/shared/contracts/notifications';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { listenOnPort, openEventStream } from '../../../test/event-stream.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { notify } from '../../modules/notifications/notifications-service.ts';

/**
 * Issue 26, item 11: every notification committed while the server is busy reaches the open
 * stream of its recipient. The busy part is other people's work on the same database at the same
 * time: reads, writes, notifications to others, transactions that fail and roll back.
 */

let t: TTestApp;
let baseUrl: string;
let admin: TClient;
let newUser: TNewUser;
let listener: TSignedInUser;
let bystander: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { SHED_AFTER_BUSY_MS: '60000', MAX_IN_FLIGHT: '100000' },
  }));
  listener = await newUser('customer_admin', { name: 'Listening Ltd' });
  bystander = await newUser('customer_user', { id: listener.orgId });
  baseUrl = await listenOnPort(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function noticeTo(userIds: string[], title: string) {
  return t.db.transaction(async (tx) => {
    await notify(tx, userIds, { type: 'message_received', title, body: 'Under load', link: '/customer/orders' });
  });
}

/** Other people's work, until `stop` is called: each lane sends its next request as the last one ends. */
function backgroundLoad(lanes: number) {
  let stopped = false;
  let round = 0;
  const work = [
    () => bystander.client.get('/api/notifications'),
    () => bystander.client.get('/api/notifications/unread-count'),
    () => admin.get('/api/admin/leads'),
    () => noticeTo([bystander.userId], `For someone else ${round}`),
    () => bystander.client.post('/api/notifications/read-all'),
    // A transaction that notifies and then fails: its announcement must never be heard, and its
    // error must not swallow anyone else's.
    () =>
      t.db
        .transaction(async (tx) => {
          await notify(tx, [listener.userId], {
            type: 'message_received',
            title: 'Never',
            body: '',
            link: '/customer',
          });
          throw new Error('rolled back');
        })
        .catch(() => undefined),
    // A statement the database refuses.
    () => bystander.client.post('/api/notifications/00000000-0000-4000-8000-000000000000/read'),
  ];
  const running = Array.from({ length: lanes }, async (_, lane) => {
    while (!stopped) {
      round++;
      await work[(round + lane) % work.length]?.();
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(running);
  };
}

it('each notification committed under load reaches the open stream, one after another and in a burst', async () => {
  const stream = await openEventStream<TNotificationStreamEvent>(
    `${baseUrl}/api/notifications/stream`,
    listener.client.jar.header(),
  );
  const stopLoad = backgroundLoad(8);
  try {
    expect(stream.status).toBe(200);
    const start = await stream.until(() => true);
    // One at a time: each must arrive on its own, with nothing after it to carry it along.
    const ONE_BY_ONE = 40;
    for (let sent = 1; sent <= ONE_BY_ONE; sent++) {
      await noticeTo([listener.userId], `One by one ${sent}`);
      const event = await stream.until((next) => next.unreadCount >= start.unreadCount + sent);
      expect(event.unreadCount).toBe(start.unreadCount + sent);
      expect(event.latest?.title).toBe(`One by one ${sent}`);
    }
    // A burst of commits side by side: the stream ends on the count of all of them.
    const BURST = 40;
    await Promise.all(Array.from({ length: BURST }, (_, index) => noticeTo([listener.userId], `Burst ${index}`)));
    const last = await stream.until((next) => next.unreadCount >= start.unreadCount + ONE_BY_ONE + BURST);
    expect(last.unreadCount).toBe(start.unreadCount + ONE_BY_ONE + BURST);
  } finally {
    await stopLoad();
    await stream.close();
  }
}, 120_000);
