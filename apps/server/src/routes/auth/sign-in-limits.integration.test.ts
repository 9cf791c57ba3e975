import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createSignedInAdmin,
  createSignedInUser,
  errorOf,
  type TResponse,
  type TSignedInUser,
  uniqueAddress,
  uniqueEmail,
  withSignInWarnings,
} from '../../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

const WINDOW_SECONDS = 15 * 60;

let t: TTestApp;
let admin: { email: string; password: string };

beforeAll(async () => {
  t = await createTestApp();
  const created = await createSignedInAdmin(t.app);
  admin = { email: created.email, password: created.password };
});
afterAll(async () => {
  await t?.close();
});

function signInFrom(remoteAddress: string, email: string, password: string, headers: Record<string, string> = {}) {
  return createClient(t.app, { remoteAddress }).post('/api/auth/sign-in/email', { email, password }, { headers });
}

function expectLimited(response: TResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(errorOf(response).code).toBe('rate_limited');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(errorOf(response).message).toContain(`${retryAfter} seconds`);
}

describe('sign-in failures', () => {
  it('look the same for an unknown e-mail and a wrong password', async () => {
    await withSignInWarnings(async () => {
      const unknown = await signInFrom(uniqueAddress(), uniqueEmail('nobody'), 'Some-Password-123');
      const wrong = await signInFrom(uniqueAddress(), admin.email, 'Some-Password-123');
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      expect(errorOf(wrong)).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password.' });
    });
  });
});

describe('brute force', () => {
  let victim: TSignedInUser;

  beforeAll(async () => {
    // Signing up and in once is the account's first attempt in this window.
    victim = await createSignedInUser(t.app, t.db, await adminClient(), {
      role: 'customer_user',
      organization: { name: 'Targets' },
    });
  });

  async function adminClient() {
    const client = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await client.signIn(admin.email, admin.password)).statusCode).toBe(200);
    return client;
  }

  it('refuses the 11th attempt for one account within 15 minutes with 429 and Retry-After, even with the right password', async () => {
    // Attempts 2..10 come from different addresses and spell the e-mail in other cases: one account.
    await withSignInWarnings(async () => {
      for (let attempt = 2; attempt <= 10; attempt++) {
        const spelled = attempt % 2 ? victim.email.toUpperCase() : victim.email;
        const response = await signInFrom(uniqueAddress(), spelled, `Wrong-Password-${attempt}`);
        expect(response.statusCode, `attempt ${attempt}: ${response.body}`).toBe(401);
      }
    });
    const eleventh = await signInFrom(uniqueAddress(), victim.email, victim.password);
    expectLimited(eleventh);
    expect(eleventh.headers['set-cookie']).toBeUndefined();

    // Other accounts are not locked out, from the same kind of addresses.
    expect((await signInFrom(uniqueAddress(), admin.email, admin.password)).statusCode).toBe(200);
    // The session that already exists keeps working.
    expect((await victim.client.me()).status).toBe(200);
  });

  it('refuses a 51st attempt from one address across different accounts, whatever X-Forwarded-For says', async () => {
    const address = uniqueAddress();
    await withSignInWarnings(async () => {
      for (let batch = 0; batch < 5; batch++) {
        const responses = await Promise.all(
          Array.from({ length: 10 }, () => signInFrom(address, uniqueEmail('guess'), 'Guessed-Password-1')),
        );
        expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(401));
      }
    });
    expectLimited(await signInFrom(address, admin.email, admin.password));
    expectLimited(await signInFrom(address, admin.email, admin.password, { 'x-forwarded-for': '203.0.113.7' }));
    // Another address is not affected.
    expect((await signInFrom(uniqueAddress(), admin.email, admin.password)).statusCode).toBe(200);
  });
});
