import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, uniqueAddress, uniqueEmail, withSignInWarnings } from '../../../test/accounts.ts';
import { captureRequestInput } from '../../../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

/**
 * With REDIS_URL set but Redis away, rate-limited requests answer at once and the limits still
 * hold, counted in this instance's memory (decision 077). Two ways Redis goes away: nothing
 * listens (connection refused), and a server that accepts connections but never answers (a hung
 * or partitioned Redis), where a client with an offline queue waited about 10 s per request.
 */

/** A TCP server that accepts every connection and never writes a byte. */
async function startSilentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each([
  ['refuses connections', async () => ({ url: 'redis://127.0.0.1:1', close: async () => {} })],
  ['accepts connections and never answers', startSilentServer],
])('when Redis %s', (_case, startRedis) => {
  let t: TTestApp;
  let redis: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    redis = await startRedis();
    t = await createTestApp({ env: { REDIS_URL: redis.url, PUBLIC_FORM_RATE_LIMIT: '2' } });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.close();
  });

  it('still limits public form submissions per client address', async () => {
    const remoteAddress = uniqueAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/public/capture-requests',
        remoteAddress,
        payload: captureRequestInput(),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('still limits wrong passwords per account and address', async () => {
    const client = createClient(t.app, { remoteAddress: uniqueAddress() });
    const email = uniqueEmail('outage');
    const statuses = await withSignInWarnings(async () => {
      const seen: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        seen.push((await client.post('/api/auth/sign-in/email', { email, password: 'Wrong-Password-1' })).statusCode);
      }
      return seen;
    });
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('when Redis answers', () => {
  let first: TTestApp;
  let second: TTestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      PUBLIC_FORM_RATE_LIMIT: '2',
      API_KEY_FAILURE_LIMIT: '2',
    };
    first = await createTestApp({ env });
    second = await createTestApp({ env });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('shares the count between instances', async () => {
    const remoteAddress = uniqueAddress();
    const post = (t: TTestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/capture-requests',
        remoteAddress,
        payload: captureRequestInput(),
      });
    const statuses = [(await post(first)).statusCode, (await post(second)).statusCode, (await post(first)).statusCode];
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('shares the wrong-key count between instances', async () => {
    const remoteAddress = uniqueAddress();
    const wrongKey = (t: TTestApp) =>
      t.app.inject({
        method: 'GET',
        url: '/api/customer/orders',
        remoteAddress,
        headers: { authorization: `Bearer sck_${'0'.repeat(16)}_${'C'.repeat(43)}` },
      });
    const statuses = [
      (await wrongKey(first)).statusCode,
      (await wrongKey(second)).statusCode,
      (await wrongKey(first)).statusCode,
    ];
    expect(statuses).toEqual([401, 401, 429]);
  });
});
