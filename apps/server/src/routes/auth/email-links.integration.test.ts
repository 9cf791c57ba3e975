import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  invitationTokenFor,
  invite,
  latestEmail,
  linkIn,
  markAddressUnconfirmed,
  STRONG_PASSWORD,
  signUp,
  type TClient,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

/**
 * Links in e-mails are built from PUBLIC_URL (or its default) only: a request addressed to another
 * host, or claiming one through a proxy header, cannot make the server mail a link to that host.
 */

const FORGED_HOSTS: ReadonlyArray<[string, Record<string, string>]> = [
  ['a Host header', { host: 'evil.example' }],
  [
    'an X-Forwarded-Host header from a trusted proxy',
    { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  ],
];

describe.each([
  ['PUBLIC_URL unset (default)', {}, 'http://localhost:3000'],
  ['PUBLIC_URL set', { PUBLIC_URL: 'https://spaces.example.com' }, 'https://spaces.example.com'],
])('with %s', (_label, env: Record<string, string>, publicUrl) => {
  let t: TTestApp;
  let admin: TClient;

  beforeAll(async () => {
    t = await createTestApp({ env: { ...env, TRUST_PROXY: 'true' } });
    const email = uniqueEmail('admin');
    await t.app.services.signUp.createFirstAdmin({ email, password: STRONG_PASSWORD, emailVerified: true });
    // The admin's browser is on our pages, so it sends our origin.
    admin = createClient(t.app, { remoteAddress: uniqueAddress(), origin: publicUrl });
    expect((await admin.signIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  function expectOurLink(link: URL) {
    expect(link.origin).toBe(new URL(publicUrl).origin);
    expect(link.href.startsWith(`${publicUrl}/`), link.href).toBe(true);
    const callbackURL = link.searchParams.get('callbackURL');
    if (callbackURL) expect(new URL(callbackURL, publicUrl).origin).toBe(new URL(publicUrl).origin);
  }

  it.each(FORGED_HOSTS)('invitation, confirmation and reset links ignore %s', async (_case, headers) => {
    const email = uniqueEmail('links');
    const invitation = await admin.post(
      '/api/admin/invitations',
      { email, orgType: 'customer', roleSuggested: 'customer_admin', organization: { name: 'Links Ltd' } },
      { headers },
    );
    expect(invitation.statusCode, invitation.body).toBe(201);
    expectOurLink(linkIn(await latestEmail(t.db, email, "You're invited")));

    const visitor = createClient(t.app, { remoteAddress: uniqueAddress(), origin: publicUrl });
    const token = await invitationTokenFor(t.db, email);
    expect((await signUp(visitor, { email, accountType: 'user', invitationToken: token })).statusCode).toBe(201);
    await markAddressUnconfirmed(t.db, email);

    // Signing in before confirming sends a new confirmation link; so does asking for one.
    const signIn = await visitor.post('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD }, { headers });
    expect(signIn.statusCode, signIn.body).toBe(403);
    expectOurLink(linkIn(await latestEmail(t.db, email, 'Confirm your e-mail')));
    const resend = await visitor.post(
      '/api/auth/send-verification-email',
      { email, callbackURL: '/auth' },
      { headers },
    );
    expect(resend.statusCode, resend.body).toBe(200);
    expectOurLink(linkIn(await latestEmail(t.db, email, 'Confirm your e-mail')));

    const reset = await visitor.post(
      '/api/auth/request-password-reset',
      { email, redirectTo: '/auth/reset-password' },
      { headers },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    await t.app.backgroundTasks.idle();
    expectOurLink(linkIn(await latestEmail(t.db, email, 'Reset your password')));
  });

  it.each(FORGED_HOSTS)('a reset cannot be sent on to the host named by %s', async (_case, headers) => {
    const email = uniqueEmail('redirect');
    await invite(admin, { email, role: 'customer_user', organization: { name: 'Redirects Ltd' } });
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress(), origin: publicUrl });
    const token = await invitationTokenFor(t.db, email);
    expect((await signUp(visitor, { email, accountType: 'user', invitationToken: token })).statusCode).toBe(201);

    const reset = await visitor.post(
      '/api/auth/request-password-reset',
      { email, redirectTo: 'https://evil.example/reset' },
      { headers },
    );
    expect(reset.statusCode, reset.body).toBe(403);
    await t.app.backgroundTasks.idle();
    await expect(latestEmail(t.db, email, 'Reset your password')).rejects.toThrow(/no e-mail/);
  });

  it.each(FORGED_HOSTS)('a confirmation link cannot be sent on to the host named by %s', async (_case, headers) => {
    const email = uniqueEmail('confirm-redirect');
    await invite(admin, { email, role: 'customer_user', organization: { name: 'Confirm Redirects Ltd' } });
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress(), origin: publicUrl });
    const token = await invitationTokenFor(t.db, email);
    expect((await signUp(visitor, { email, accountType: 'user', invitationToken: token })).statusCode).toBe(201);
    await markAddressUnconfirmed(t.db, email);
    const first = await visitor.post('/api/auth/send-verification-email', { email, callbackURL: '/auth' });
    expect(first.statusCode, first.body).toBe(200);
    const sentAtSignUp = linkIn(await latestEmail(t.db, email, 'Confirm your e-mail')).href;

    const resend = await visitor.post(
      '/api/auth/send-verification-email',
      { email, callbackURL: 'https://evil.example/welcome' },
      { headers },
    );
    expect(resend.statusCode, resend.body).toBe(403);
    expect(resend.json().error.fields).toEqual({ callbackURL: 'must be a path on this site' });
    // No new confirmation e-mail: the latest is still the one sent at sign-up.
    expect(linkIn(await latestEmail(t.db, email, 'Confirm your e-mail')).href).toBe(sentAtSignUp);
  });

  it('limits confirmation e-mails asked for from one client address', async () => {
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress(), origin: publicUrl });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await visitor.post('/api/auth/send-verification-email', { email: uniqueEmail('flood') });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
