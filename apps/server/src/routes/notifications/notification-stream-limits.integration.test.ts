import { get as httpGet } from 'node:http';
import type { TNotificationStreamEvent } from '@spacecapture/shared/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, STRONG_PASSWORD, type TClient, type TNewUser } from '../../../test/accounts.ts';
import { listenOnPort, openEventStream, type TEventStream } from '../../../test/event-stream.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { notify } from '../../modules/notifications/notifications-service.ts';

/**
 * Issue 26, items 2 and 6. Streams have a budget of their own (decision 175): however many are
 * open, ordinary requests keep their in-flight places, and one user or one client address cannot
 * open more than their cap. A stream ends with its session (decision 176): signed out, revoked,
 * replaced by a password change, or its user removed.
 */

let t: TTestApp;
let baseUrl: string;
let newUser: TNewUser;

// Few places for ordinary requests, fewer than the streams this file opens at once.
const MAX_IN_FLIGHT = 4;
const LIMITS = { total: 7, perUser: 3, perAddress: 4 };

beforeAll(async () => {
  ({ t, newUser } = await createTestAppWithAdmin({
    env: {
      SHED_AFTER_BUSY_MS: '60000',
      MAX_IN_FLIGHT: String(MAX_IN_FLIGHT),
      MAX_STREAMS: String(LIMITS.total),
      MAX_STREAMS_PER_USER: String(LIMITS.perUser),
      MAX_STREAMS_PER_ADDRESS: String(LIMITS.perAddress),
      // The streams below come from this machine and name their client address, as through our proxy.
      TRUST_PROXY: '127.0.0.1',
    },
  }));
  baseUrl = await listenOnPort(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

function customer(name: string) {
  return newUser('customer_admin', { name });
}

function openStream(user: { client: TClient }, address: string) {
  return openEventStream<TNotificationStreamEvent>(`${baseUrl}/api/notifications/stream`, user.client.jar.header(), {
    'x-forwarded-for': address,
  });
}

/** A stream the server refuses: its status, Retry-After and error (on a connection of its own, closed after). */
function refusedStream(user: { client: TClient }, address: string) {
  return new Promise<{ status: number; retryAfter: string | undefined; error: { code: string; message: string } }>(
    (resolve, reject) => {
      const request = httpGet(
        `${baseUrl}/api/notifications/stream`,
        {
          agent: false,
          headers: { cookie: user.client.jar.header(), accept: 'text/event-stream', 'x-forwarded-for': address },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => {
            const retryAfter = response.headers['retry-after'];
            resolve({ status: response.statusCode ?? 0, retryAfter, error: JSON.parse(body).error });
          });
        },
      );
      request.on('error', reject);
    },
  );
}

describe('the streams’ own budget', () => {
  it('one user’s streams leave ordinary requests their places; past a cap a new stream is refused with Retry-After', async () => {
    // One after another: together they would take more than the few places of this app.
    const greedy = await customer('Greedy Ltd');
    const neighbour = await customer('Neighbour Ltd');
    const officemate = await customer('Officemate Ltd');
    const latecomer = await customer('Latecomer Ltd');
    const bystander = await customer('Bystander Ltd');
    const open: TEventStream<TNotificationStreamEvent>[] = [];
    try {
      for (let index = 0; index < LIMITS.perUser; index++) open.push(await openStream(greedy, '10.1.0.1'));
      expect(open.map((stream) => stream.status)).toEqual([200, 200, 200]);

      const overUser = await refusedStream(greedy, '10.1.0.9');
      expect(overUser).toMatchObject({ status: 429, retryAfter: expect.stringMatching(/^\d+$/) });
      expect(overUser.error.code).toBe('rate_limited');

      for (let index = 0; index < 3; index++) open.push(await openStream(neighbour, '10.2.0.1'));
      open.push(await openStream(officemate, '10.2.0.1'));
      expect(open.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
      const overAddress = await refusedStream(officemate, '10.2.0.1');
      expect(overAddress).toMatchObject({ status: 429, retryAfter: expect.stringMatching(/^\d+$/) });

      const overTotal = await refusedStream(latecomer, '10.3.0.1');
      expect(overTotal).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
      expect(overTotal.error.code).toBe('unavailable');

      // Seven streams open, four places for ordinary requests: every one of these is answered.
      const stranger = createClient(t.app, { remoteAddress: '10.4.0.1' });
      const answers = await Promise.all([
        stranger.signIn(bystander.email, STRONG_PASSWORD),
        bystander.client.get('/api/me'),
        bystander.client.get('/api/notifications/unread-count'),
        greedy.client.get('/api/notifications'),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      // And each stream still hears its own news.
      await t.db.transaction((tx) =>
        notify(tx, [greedy.userId], { type: 'message_received', title: 'Still here', body: '', link: '/customer' }),
      );
      for (const stream of open.slice(0, 3)) {
        expect((await stream.until((event) => event.latest?.title === 'Still here')).latest?.title).toBe('Still here');
      }

      // A closed stream gives its place back.
      await open.shift()?.close();
      const again = await openStream(greedy, '10.1.0.1');
      open.push(again);
      expect(again.status).toBe(200);
    } finally {
      await Promise.all(open.map((stream) => stream.close()));
    }
  });
});

describe('a stream ends with its session', () => {
  async function streamingUser(name: string) {
    const user = await customer(name);
    const stream = await openStream(user, '10.9.0.1');
    expect(stream.status).toBe(200);
    await stream.until(() => true);
    return { user, stream };
  }

  it('sign-out ends the stream of that session', async () => {
    const { user, stream } = await streamingUser('Signing Out Ltd');
    const signedOut = await user.client.post('/api/auth/sign-out');
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    await stream.ended();
  });

  it('revoking every session ends the streams of the other devices too', async () => {
    const { user, stream } = await streamingUser('Revoking Ltd');
    const phone = createClient(t.app, { remoteAddress: '10.9.0.2' });
    expect((await phone.signIn(user.email, STRONG_PASSWORD)).statusCode).toBe(200);
    const revoked = await phone.post('/api/auth/revoke-sessions');
    expect(revoked.statusCode, revoked.body).toBe(200);
    await stream.ended();
  });

  it('a password change that signs out the other devices ends their streams', async () => {
    const { user, stream } = await streamingUser('New Password Ltd');
    const laptop = createClient(t.app, { remoteAddress: '10.9.0.3' });
    expect((await laptop.signIn(user.email, STRONG_PASSWORD)).statusCode).toBe(200);
    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Another-Horse-Battery-77',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await stream.ended();
  });

  it('removing a member ends their streams', async () => {
    const owner = await customer('Removing Ltd');
    const member = await newUser('customer_user', { id: owner.orgId });
    const stream = await openStream(member, '10.9.0.4');
    expect(stream.status).toBe(200);
    await stream.until(() => true);
    const removed = await owner.client.delete(`/api/organization/members/${member.userId}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await stream.ended();
  });

  it('another session of the same person keeps its stream', async () => {
    const { user, stream: kept } = await streamingUser('Two Devices Ltd');
    const tablet = createClient(t.app, { remoteAddress: '10.9.0.5' });
    expect((await tablet.signIn(user.email, STRONG_PASSWORD)).statusCode).toBe(200);
    const ending = await openEventStream<TNotificationStreamEvent>(
      `${baseUrl}/api/notifications/stream`,
      tablet.jar.header(),
    );
    await ending.until(() => true);
    expect((await tablet.post('/api/auth/sign-out')).statusCode).toBe(200);
    await ending.ended();
    try {
      await t.db.transaction((tx) =>
        notify(tx, [user.userId], {
          type: 'message_received',
          title: 'After one sign-out',
          body: '',
          link: '/customer',
        }),
      );
      expect((await kept.until((event) => event.latest !== null)).latest?.title).toBe('After one sign-out');
    } finally {
      await kept.close();
    }
  });
});
