import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createSignedInAdmin,
  createSignedInUser,
  errorOf,
  latestEmail,
  linkIn,
  type TResponse,
  type TSignedInUser,
  totpCode,
  uniqueAddress,
  uniqueEmail,
  withSignInWarnings,
} from '../../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

/** Failed sign-ins one client address may make on one account in 15 minutes. */
const PER_ACCOUNT_AND_ADDRESS = 10;
/** Failed sign-ins on one account from all addresses together in an hour (the backstop). */
const PER_ACCOUNT = 100;
const LONGEST_WAIT_SECONDS = 60 * 60;

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

/** A sign-in whose JSON body starts with a UTF-8 byte order mark, as some clients send it. */
function signInWithBom(remoteAddress: string, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ email, password }))]),
  });
}

function expectLimited(response: TResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(errorOf(response).code).toBe('rate_limited');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(LONGEST_WAIT_SECONDS);
  expect(errorOf(response).message).toContain(`${retryAfter} seconds`);
  expect(response.headers['set-cookie']).toBeUndefined();
}

async function adminClient() {
  const client = createClient(t.app, { remoteAddress: uniqueAddress() });
  expect((await client.signIn(admin.email, admin.password)).statusCode).toBe(200);
  return client;
}

async function newUser(organization: string) {
  return createSignedInUser(t.app, t.db, await adminClient(), {
    role: 'customer_user',
    organization: { name: organization },
  });
}

/** `count` wrong passwords on `email`, spread over `addresses`, ten at a time; all must be refused as 401. */
async function failSignIns(email: string, addresses: string[], count: number) {
  await withSignInWarnings(async () => {
    for (let start = 0; start < count; start += 10) {
      const batch = Array.from({ length: Math.min(10, count - start) }, (_, i) => {
        const attempt = start + i;
        const address = addresses[attempt % addresses.length]!;
        // Half of them with a byte order mark, spelled in capitals: still the same account.
        return attempt % 2
          ? signInWithBom(address, email.toUpperCase(), `Wrong-Password-${attempt}`)
          : signInFrom(address, email, `Wrong-Password-${attempt}`);
      });
      const responses = await Promise.all(batch);
      expect(responses.map((response) => response.statusCode)).toEqual(Array(batch.length).fill(401));
    }
  });
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

describe('brute force from one address', () => {
  let victim: TSignedInUser;

  beforeAll(async () => {
    victim = await newUser('Targets');
  });

  it('refuses the 11th attempt on an account from that address, even with the right password, while the owner signs in from another', async () => {
    const attacker = uniqueAddress();
    await withSignInWarnings(async () => {
      for (let attempt = 1; attempt <= PER_ACCOUNT_AND_ADDRESS; attempt++) {
        const response = await signInFrom(attacker, victim.email, `Wrong-Password-${attempt}`);
        expect(response.statusCode, `attempt ${attempt}: ${response.body}`).toBe(401);
      }
    });
    expectLimited(await signInFrom(attacker, victim.email, victim.password));
    expectLimited(await signInFrom(attacker, victim.email.toUpperCase(), victim.password));

    // The owner, elsewhere, is not locked out; other accounts are not affected from the attacker's address.
    expect((await signInFrom(uniqueAddress(), victim.email, victim.password)).statusCode).toBe(200);
    expect((await signInFrom(attacker, admin.email, admin.password)).statusCode).toBe(200);
    // The session that already exists keeps working.
    expect((await victim.client.me()).status).toBe(200);
  });

  it('counts bodies that start with a byte order mark against the account they name', async () => {
    const attacker = uniqueAddress();
    await withSignInWarnings(async () => {
      for (let attempt = 1; attempt <= PER_ACCOUNT_AND_ADDRESS; attempt++) {
        const spelled = attempt % 2 ? victim.email.toUpperCase() : victim.email;
        const response = await signInWithBom(attacker, spelled, `Wrong-Password-${attempt}`);
        expect(response.statusCode, `attempt ${attempt}: ${response.body}`).toBe(401);
      }
    });
    expectLimited(await signInWithBom(attacker, victim.email, victim.password));
    expectLimited(await signInFrom(attacker, victim.email, victim.password));
  });

  it('does not count successful sign-ins', async () => {
    const device = uniqueAddress();
    for (let attempt = 1; attempt <= PER_ACCOUNT_AND_ADDRESS + 2; attempt++) {
      const response = await signInFrom(device, victim.email, victim.password);
      expect(response.statusCode, `attempt ${attempt}: ${response.body}`).toBe(200);
    }
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

/** A hundred wrong passwords are a hundred slow hashes: these tests get minutes, not seconds. */
const BACKSTOP_TEST_TIMEOUT_MS = 240_000;

describe('brute force from many addresses', () => {
  it(
    'stops at the per-account backstop; a password reset lets the owner back in',
    async () => {
      const victim = await newUser('Distributed');
      const botnet = Array.from({ length: PER_ACCOUNT / 5 }, () => uniqueAddress());
      await failSignIns(victim.email, botnet, PER_ACCOUNT);

      // Now every address is refused, the owner's too, and with the right password.
      expectLimited(await signInFrom(uniqueAddress(), victim.email, victim.password));
      expectLimited(await signInWithBom(uniqueAddress(), victim.email, victim.password));

      // The reset link still reaches the owner; setting a new password clears the count.
      const owner = createClient(t.app, { remoteAddress: uniqueAddress() });
      const asked = await owner.post('/api/auth/request-password-reset', { email: victim.email, redirectTo: '/auth' });
      expect(asked.statusCode, asked.body).toBe(200);
      await t.app.backgroundTasks.idle();
      const link = linkIn(await latestEmail(t.db, victim.email, 'Reset your password'));
      const token = link.pathname.split('/').at(-1)!;
      const newPassword = 'Back-In-Business-42';
      const reset = await owner.post('/api/auth/reset-password', { token, newPassword });
      expect(reset.statusCode, reset.body).toBe(200);
      expect((await signInFrom(uniqueAddress(), victim.email, newPassword)).statusCode).toBe(200);
    },
    BACKSTOP_TEST_TIMEOUT_MS,
  );

  it(
    'lets the owner of an account with TOTP in past the backstop: the password alone never opens it',
    async () => {
      const victim = await newUser('Second Factor');
      const enabled = await victim.client.post('/api/auth/two-factor/enable', { password: victim.password });
      expect(enabled.statusCode, enabled.body).toBe(200);
      const { totpURI } = enabled.json() as { totpURI: string };
      const confirmed = await victim.client.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      const botnet = Array.from({ length: PER_ACCOUNT / 5 }, () => uniqueAddress());
      await failSignIns(victim.email, botnet, PER_ACCOUNT);

      const device = createClient(t.app, { remoteAddress: uniqueAddress() });
      const password = await device.signIn(victim.email, victim.password);
      expect(password.statusCode, password.body).toBe(200);
      expect(password.json()).toMatchObject({ twoFactorRedirect: true });
      expect((await device.me()).status).toBe(401);
      const code = await device.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
      expect(code.statusCode, code.body).toBe(200);
      expect((await device.me()).status).toBe(200);

      // A wrong password is still refused as before.
      await withSignInWarnings(async () => {
        expect((await signInFrom(uniqueAddress(), victim.email, 'Still-Guessing-1')).statusCode).toBe(401);
      });
    },
    BACKSTOP_TEST_TIMEOUT_MS,
  );
});
