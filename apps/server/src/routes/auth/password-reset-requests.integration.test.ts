import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createSignedInAdmin,
  emailsTo,
  errorOf,
  latestEmail,
  linkIn,
  type TResponse,
  uniqueAddress,
  uniqueEmail,
  withSignInWarnings,
} from '../../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

/** Reset requests one client address may make in 15 minutes, whatever the addresses asked for. */
const PER_CLIENT_ADDRESS = 10;
/** Reset requests for one e-mail address in 15 minutes, from anywhere. */
const PER_TARGET = 3;
const WINDOW_SECONDS = 15 * 60;

let t: TTestApp;
let admin: { email: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

function requestReset(remoteAddress: string, email: string, redirectTo = '/auth/reset-password') {
  return createClient(t.app, { remoteAddress }).post('/api/auth/request-password-reset', { email, redirectTo });
}

function expectLimited(response: TResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(errorOf(response).code).toBe('rate_limited');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(errorOf(response).message).toContain(`${retryAfter} seconds`);
}

describe('asking for a password reset', () => {
  it('answers a known and an unknown address alike, before any work on the account is done', async () => {
    const unknown = uniqueEmail('nobody');
    await withSignInWarnings(async () => {
      const forUnknown = await requestReset(uniqueAddress(), unknown);
      await t.app.backgroundTasks.idle();
      const forKnown = await requestReset(uniqueAddress(), admin.email);
      // The answer left before the account was looked up: the work is still owed as it arrives
      // (read before anything else is awaited, since the work may then run and finish).
      expect(t.app.backgroundTasks.pendingCount()).toBe(1);
      expect(forKnown.statusCode).toBe(200);
      expect(forUnknown.statusCode).toBe(200);
      expect(forKnown.body).toBe(forUnknown.body);
      expect(forKnown.headers['content-type']).toBe(forUnknown.headers['content-type']);
      await t.app.backgroundTasks.idle();
    });
    const link = linkIn(await latestEmail(t.db, admin.email, 'Reset your password'));
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[^/]+$/);
    expect(await emailsTo(t.db, unknown)).toHaveLength(0);
  });

  it('refuses a redirect to another site at once', async () => {
    const response = await requestReset(uniqueAddress(), admin.email, 'https://evil.example/steal');
    expect(response.statusCode, response.body).toBe(403);
    expect(errorOf(response).code).toBe('forbidden');
  });

  it(`refuses more than ${PER_CLIENT_ADDRESS} requests from one client address, sent at once`, async () => {
    const address = uniqueAddress();
    const responses = await withSignInWarnings(async () => {
      const sent = await Promise.all(Array.from({ length: 31 }, () => requestReset(address, uniqueEmail('burst'))));
      await t.app.backgroundTasks.idle();
      return sent;
    });
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(PER_CLIENT_ADDRESS);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) expectLimited(refused);
    // Another client address is not affected.
    const other = await withSignInWarnings(() => requestReset(uniqueAddress(), uniqueEmail('other')));
    expect(other.statusCode).toBe(200);
    await withSignInWarnings(() => t.app.backgroundTasks.idle());
  });

  it(`refuses more than ${PER_TARGET} requests for one e-mail address, from any client addresses`, async () => {
    const target = uniqueEmail('target');
    await withSignInWarnings(async () => {
      for (let attempt = 1; attempt <= PER_TARGET; attempt++) {
        expect((await requestReset(uniqueAddress(), target)).statusCode).toBe(200);
      }
      expectLimited(await requestReset(uniqueAddress(), target.toUpperCase()));
      await t.app.backgroundTasks.idle();
    });
  });
});
