import { schema } from '@spacecapture/db/client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createSignedInAdmin,
  createSignedInUser,
  errorOf,
  type TClient,
  type TSignedInUser,
  totpCode,
  uniqueAddress,
  wrongTotpCode,
} from '../../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let admin: { client: TClient; email: string; password: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

function newDevice() {
  return createClient(t.app, { remoteAddress: uniqueAddress() });
}

describe('TOTP second factor', () => {
  let user: TSignedInUser;
  let totpURI: string;
  let backupCodes: string[];

  beforeAll(async () => {
    user = await createSignedInUser(t.app, t.db, admin.client, {
      role: 'customer_admin',
      organization: { name: 'Two Factor Inc' },
    });
  });

  it('enrolment needs the password', async () => {
    const without = await user.client.post('/api/auth/two-factor/enable', {});
    expect(without.statusCode).toBe(400);
    const wrong = await user.client.post('/api/auth/two-factor/enable', { password: 'Not-The-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect((await user.client.me()).body.user.twoFactorEnabled).toBe(false);
  });

  it('enable gives a TOTP URI and 10 backup codes; a verified code turns the factor on', async () => {
    const response = await user.client.post('/api/auth/two-factor/enable', { password: user.password });
    expect(response.statusCode, response.body).toBe(200);
    ({ totpURI, backupCodes } = response.json());
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/SpaceCapture:/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('SpaceCapture');
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Not on until a code from the authenticator app proves the secret was stored.
    expect((await user.client.me()).body.user.twoFactorEnabled).toBe(false);

    const wrong = await user.client.post('/api/auth/two-factor/verify-totp', { code: wrongTotpCode(totpURI) });
    expect(wrong.statusCode).toBe(401);
    expect((await user.client.me()).body.user.twoFactorEnabled).toBe(false);

    const verified = await user.client.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).not.toHaveProperty('token');
    const me = await user.client.me();
    expect(me.status).toBe(200);
    expect(me.body.user.twoFactorEnabled).toBe(true);
    expect(me.body.mfa).toEqual({ required: false, enrolled: true });
  });

  it('a password sign-in then answers twoFactorRedirect and gives no session until a correct code', async () => {
    const device = newDevice();
    const response = await device.signIn(user.email, user.password);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorRedirect: true });
    expect(device.jar.has('session_token')).toBe(false);
    expect(device.jar.has('two_factor')).toBe(true);
    expect((await device.me()).status).toBe(401);
    expect((await device.get('/api/auth/get-session')).json()).toBeNull();

    const wrong = await device.post('/api/auth/two-factor/verify-totp', { code: wrongTotpCode(totpURI) });
    expect(wrong.statusCode).toBe(401);
    expect(device.jar.has('session_token')).toBe(false);
    expect((await device.me()).status).toBe(401);

    const right = await device.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(right.statusCode, right.body).toBe(200);
    expect(device.jar.has('session_token')).toBe(true);
    expect((await device.me()).body).toMatchObject({ role: 'customer_admin', user: { email: user.email } });
  });

  it('a second-factor cookie alone is not a session, and a made-up one verifies nothing', async () => {
    const device = newDevice();
    device.jar.cookies.set('spacecapture.two_factor', 'forged.value');
    const response = await device.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(response.statusCode).toBe(401);
    expect((await device.me()).status).toBe(401);
  });

  it('a backup code signs in once', async () => {
    const code = backupCodes[0]!;
    const first = newDevice();
    expect((await first.signIn(user.email, user.password)).json()).toMatchObject({ twoFactorRedirect: true });
    const used = await first.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(used.statusCode, used.body).toBe(200);
    expect((await first.me()).status).toBe(200);

    const second = newDevice();
    expect((await second.signIn(user.email, user.password)).json()).toMatchObject({ twoFactorRedirect: true });
    const reused = await second.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(reused.statusCode).toBe(401);
    expect((await second.me()).status).toBe(401);
    // Another unused code still works on that device.
    const other = await second.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1]! });
    expect(other.statusCode, other.body).toBe(200);
    expect((await second.me()).status).toBe(200);
  });

  it('disable (password required) removes the factor; sign-in gives a session straight away', async () => {
    const refused = await user.client.post('/api/auth/two-factor/disable', { password: 'Not-The-Password-1' });
    expect(refused.statusCode).toBe(400);
    expect((await user.client.me()).body.user.twoFactorEnabled).toBe(true);

    const response = await user.client.post('/api/auth/two-factor/disable', { password: user.password });
    expect(response.statusCode, response.body).toBe(200);
    expect((await user.client.me()).body.user.twoFactorEnabled).toBe(false);
    const factors = await t.db.select().from(schema.twoFactor).where(eq(schema.twoFactor.userId, user.userId));
    expect(factors).toHaveLength(0);

    const device = newDevice();
    const signedIn = await device.signIn(user.email, user.password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect((await device.me()).status).toBe(200);
  });
});

describe('mfa_required_for_admins', () => {
  beforeAll(async () => {
    await t.db.execute(sql`insert into feature_flags (id, mfa_required_for_admins) values (1, true)`);
  });
  afterAll(async () => {
    await t.db.execute(sql`delete from feature_flags where id = 1`);
  });

  it('refuses an admin without TOTP on admin operations (403 mfa_required) but still shows /api/me', async () => {
    const refused = await admin.client.get('/api/admin/invitations');
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'mfa_required',
      message: 'Set up two-factor authentication to use the admin portal.',
    });
    const me = await admin.client.me();
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: 'master_admin', portal: 'admin', mfa: { required: true, enrolled: false } });
  });

  it('still lets an admin without TOTP sign out', async () => {
    const device = newDevice();
    expect((await device.signIn(admin.email, admin.password)).statusCode).toBe(200);
    expect((await device.get('/api/admin/invitations')).statusCode).toBe(403);
    const adminId = (await admin.client.me()).body.user.id;
    const sessionCount = async () =>
      (await t.db.select().from(schema.session).where(eq(schema.session.userId, adminId))).length;
    const before = await sessionCount();
    // The session lives in an http-only cookie: only the server can end it.
    const response = await device.post('/api/auth/sign-out');
    expect(response.statusCode, response.body).toBe(200);
    expect((await device.me()).status).toBe(401);
    expect(await sessionCount()).toBe(before - 1);
    expect((await admin.client.me()).status).toBe(200);
  });

  it('lets the admin enrol and then use the admin portal', async () => {
    const enabled = await admin.client.post('/api/auth/two-factor/enable', { password: admin.password });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const verified = await admin.client.post('/api/auth/two-factor/verify-totp', {
      code: totpCode(enabled.json().totpURI),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await admin.client.me()).body.mfa).toEqual({ required: true, enrolled: true });
    expect((await admin.client.get('/api/admin/invitations')).statusCode).toBe(200);
  });
});
