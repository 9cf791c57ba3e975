import { schema } from '@spacecapture/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createSignedInAdmin,
  errorOf,
  STRONG_PASSWORD,
  type TClient,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let admin: TClient;
let adminEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  const created = await createSignedInAdmin(t.app);
  admin = created.client;
  adminEmail = created.email;
});
afterAll(async () => {
  await t?.close();
});

function invitationBody() {
  return {
    email: uniqueEmail('csrf'),
    orgType: 'customer',
    roleSuggested: 'customer_admin',
    organization: { name: 'Cross Site Ltd' },
  };
}

async function counts() {
  const [invitations, organizations, audit, outbox] = await Promise.all([
    t.db.select({ id: schema.invitations.id }).from(schema.invitations),
    t.db.select({ id: schema.organizations.id }).from(schema.organizations),
    t.db.select({ id: schema.auditLog.id }).from(schema.auditLog),
    t.db.select({ id: schema.outboxEmails.id }).from(schema.outboxEmails),
  ]);
  return [invitations.length, organizations.length, audit.length, outbox.length];
}

describe('cookie-bearing writes from another origin', () => {
  it.each([
    ['a foreign Origin', 'https://evil.example'],
    ['a look-alike Origin', 'http://localhost:3000.evil.example'],
    ['an opaque Origin', 'null'],
    ['no Origin', null],
  ])('are refused with 403 and change nothing: %s', async (_label, origin) => {
    const before = await counts();
    const response = await admin.post('/api/admin/invitations', invitationBody(), { origin });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: 'forbidden', message: 'Cross-site request refused.' });
    expect(await counts()).toEqual(before);
  });

  it('cannot sign the user out or end their sessions', async () => {
    for (const path of ['/api/auth/sign-out', '/api/auth/revoke-sessions', '/api/auth/revoke-other-sessions']) {
      const response = await admin.post(path, {}, { origin: 'https://evil.example' });
      expect(response.statusCode, path).toBe(403);
    }
    expect((await admin.me()).status).toBe(200);
  });

  it('cannot change the password', async () => {
    const response = await admin.post(
      '/api/auth/change-password',
      { currentPassword: 'whatever-it-is', newPassword: 'Attacker-Chosen-Secret-1' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
  });

  it('cannot sign a visitor into an account from another site (login CSRF)', async () => {
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    const response = await visitor.post(
      '/api/auth/sign-in/email',
      { email: adminEmail, password: STRONG_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(visitor.jar.has('session_token')).toBe(false);
  });

  it('are accepted from our own origin, or from the origin the request was addressed to', async () => {
    const before = await counts();
    const ours = await admin.post('/api/admin/invitations', invitationBody());
    expect(ours.statusCode, ours.body).toBe(201);
    const addressed = await admin.post('/api/admin/invitations', invitationBody(), {
      origin: 'http://captures.example.net',
      headers: { host: 'captures.example.net' },
    });
    expect(addressed.statusCode, addressed.body).toBe(201);
    expect((await counts())[0]).toBe(before[0]! + 2);
  });
});
