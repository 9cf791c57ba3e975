import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  emailsTo,
  errorOf,
  latestEmail,
  linkIn,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  uniqueAddress,
  withSignInWarnings,
} from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let newUser: TNewUser;

beforeAll(async () => {
  ({ t, newUser } = await createTestAppWithAdmin());
});
afterAll(async () => {
  await t?.close();
});

/** Another device of the same person: own cookies, own address, own browser name. */
async function signInOnDevice(user: TSignedInUser, name: string, password = user.password) {
  const device = createClient(t.app, { remoteAddress: uniqueAddress(), userAgent: name });
  const response = await device.signIn(user.email, password);
  expect(response.statusCode, response.body).toBe(200);
  return device;
}

async function sessionsSeenBy(device: TClient) {
  const response = await device.get('/api/auth/list-sessions');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<{ id: string; userAgent: string | null }>;
}

async function status(device: TClient) {
  return (await device.me()).status;
}

describe('sessions and sign-out scopes', () => {
  let user: TSignedInUser;
  let laptop: TClient;
  let phone: TClient;
  let tablet: TClient;

  beforeAll(async () => {
    user = await newUser('customer_admin', { name: 'Devices' });
    laptop = user.client;
    phone = await signInOnDevice(user, 'phone');
    tablet = await signInOnDevice(user, 'tablet');
  });

  it('lists the three sessions of the three devices', async () => {
    const sessions = await sessionsSeenBy(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions.map((session) => session.userAgent).sort()).toEqual(['lightMyRequest', 'phone', 'tablet']);
    expect(await Promise.all([laptop, phone, tablet].map(status))).toEqual([200, 200, 200]);
  });

  it('revoke-other-sessions (scope others) keeps only the current device', async () => {
    const response = await laptop.post('/api/auth/revoke-other-sessions');
    expect(response.statusCode, response.body).toBe(200);
    expect(await Promise.all([laptop, phone, tablet].map(status))).toEqual([200, 401, 401]);
    expect(await sessionsSeenBy(laptop)).toHaveLength(1);
  });

  it('sign-out (scope local) ends only this device', async () => {
    phone = await signInOnDevice(user, 'phone');
    tablet = await signInOnDevice(user, 'tablet');
    const response = await tablet.post('/api/auth/sign-out');
    expect(response.statusCode, response.body).toBe(200);
    expect(tablet.jar.has('session_token')).toBe(false);
    expect(await Promise.all([laptop, phone, tablet].map(status))).toEqual([200, 200, 401]);
    expect(await sessionsSeenBy(laptop)).toHaveLength(2);
  });

  it('revoke-sessions (scope global) ends every device', async () => {
    const response = await phone.post('/api/auth/revoke-sessions');
    expect(response.statusCode, response.body).toBe(200);
    expect(await Promise.all([laptop, phone, tablet].map(status))).toEqual([401, 401, 401]);
    expect((await laptop.get('/api/auth/list-sessions')).statusCode).toBe(401);
  });

  it('sign-out without a session is a 401, not an error', async () => {
    const response = await createClient(t.app).post('/api/auth/sign-out');
    expect(response.statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  let user: TSignedInUser;
  let phone: TClient;
  const NEW_PASSWORD = 'Another-Long-Secret-77';

  beforeAll(async () => {
    user = await newUser('provider_admin', { name: 'Recovery' });
    phone = await signInOnDevice(user, 'phone');
  });

  async function requestReset(email: string) {
    const stranger = createClient(t.app, { remoteAddress: uniqueAddress() });
    const response = await stranger.post('/api/auth/request-password-reset', { email, redirectTo: '/auth?reset=1' });
    // The account is looked up and the e-mail queued after the answer (decision 063).
    await t.app.backgroundTasks.idle();
    return response;
  }

  it('answers the same for an unknown address and sends nothing', async () => {
    const unknown = 'nobody.here@example.com';
    const response = await withSignInWarnings(() => requestReset(unknown));
    expect(response.statusCode).toBe(200);
    expect(await emailsTo(t.db, unknown)).toHaveLength(0);
  });

  it('e-mails a link; its token sets a new password and ends every session', async () => {
    const response = await requestReset(user.email);
    expect(response.statusCode, response.body).toBe(200);
    const link = linkIn(await latestEmail(t.db, user.email, 'Reset your password'));
    expect(link.pathname).toMatch(/^\/api\/auth\/reset-password\/[^/]+$/);

    // Opening the link leads to our page with the token.
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(opened.headers.location!, 'http://localhost:3000');
    expect(landing.pathname).toBe('/auth');
    const token = landing.searchParams.get('token')!;
    expect(token).toBe(link.pathname.split('/').at(-1));

    const browser = createClient(t.app, { remoteAddress: uniqueAddress() });
    const weak = await browser.post('/api/auth/reset-password', { newPassword: 'password123', token });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak)).toMatchObject({
      code: 'weak_password',
      message: expect.stringContaining('This is one of the most common passwords.'),
    });
    expect(await Promise.all([user.client, phone].map(status))).toEqual([200, 200]);

    const reset = await browser.post('/api/auth/reset-password', { newPassword: NEW_PASSWORD, token });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await Promise.all([user.client, phone].map(status))).toEqual([401, 401]);

    const reused = await browser.post('/api/auth/reset-password', { newPassword: 'Yet-Another-Secret-88', token });
    expect(reused.statusCode).toBe(400);

    const withOld = await withSignInWarnings(() =>
      createClient(t.app, { remoteAddress: uniqueAddress() }).signIn(user.email, user.password),
    );
    expect(withOld.statusCode).toBe(401);
    expect(errorOf(withOld).code).toBe('invalid_credentials');
    await signInOnDevice(user, 'laptop', NEW_PASSWORD);
  });

  it('change-password also refuses a weak password', async () => {
    const device = await signInOnDevice(user, 'desk', NEW_PASSWORD);
    const response = await device.post('/api/auth/change-password', {
      currentPassword: NEW_PASSWORD,
      newPassword: 'qwerty12345',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('weak_password');
    expect(errorOf(response).message).toContain('This is one of the most common passwords.');
    const withEmail = await device.post('/api/auth/change-password', {
      currentPassword: NEW_PASSWORD,
      newPassword: `${user.email.toUpperCase()}-2026`,
    });
    expect(withEmail.statusCode).toBe(400);
    expect(errorOf(withEmail).message).toContain('Do not use your e-mail address in your password.');
    // The password did not change.
    expect((await device.signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
