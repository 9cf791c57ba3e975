import { randomBytes } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { AUTH_MESSAGES } from '@spacecapture/shared/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  emailsTo,
  errorOf,
  invitationTokenFor,
  invite,
  latestEmail,
  linkIn,
  markAddressUnconfirmed,
  STRONG_PASSWORD,
  signUp,
  type TClient,
  type TResponse,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { createCustomerOrder } from '../../../test/deliverables.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { createOrganization, DEFAULT_BREAKDOWN } from '../../../test/workflow.ts';

const INVITE_ONLY = 'Signup is invite-only. Please use your invitation link or contact an admin.';
const DAY_MS = 86_400_000;

let t: TTestApp;
let admin: TClient;
/** How far the app's clock runs ahead of real time (moved to expire invitations). */
let clockOffsetMs = 0;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin({ clock: () => new Date(Date.now() + clockOffsetMs) }));
});
afterAll(async () => {
  await t?.close();
});

/** A visitor on their own device and address (the sign-up limit is per address). */
function visitor() {
  return createClient(t.app, { remoteAddress: uniqueAddress() });
}

async function usersWithEmail(email: string) {
  return t.db.select().from(schema.user).where(eq(schema.user.email, email.toLowerCase()));
}

async function invitationRow(id: string) {
  const [row] = await t.db.select().from(schema.invitations).where(eq(schema.invitations.id, id));
  return row!;
}

function expectInviteRequired(response: TResponse) {
  expect(response.statusCode, response.body).toBe(403);
  expect(errorOf(response)).toMatchObject({ code: 'invite_required', message: INVITE_ONLY });
}

async function customerInvitation(role: 'customer_admin' | 'customer_user' = 'customer_admin') {
  const email = uniqueEmail('invitee');
  const invitation = await invite(admin, { email, role, organization: { name: `Org ${email}` } });
  return { email, invitation, token: await invitationTokenFor(t.db, email) };
}

describe('sign-up is invite-only', () => {
  it('uses the spec wording for the refusal', () => {
    expect(AUTH_MESSAGES.inviteRequired).toBe(INVITE_ONLY);
  });

  it('refuses a sign-up without an invitation token and creates no user', async () => {
    const email = uniqueEmail('uninvited');
    expectInviteRequired(await signUp(visitor(), { email, accountType: 'user' }));
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('refuses a made-up token, even for an address that has a pending invitation', async () => {
    const { email, invitation } = await customerInvitation();
    const forged = randomBytes(32).toString('base64url');
    expectInviteRequired(await signUp(visitor(), { email, accountType: 'user', invitationToken: forged }));
    expect(await usersWithEmail(email)).toHaveLength(0);
    expect((await invitationRow(invitation.id)).status).toBe('pending');
  });

  it('refuses the link of a revoked invitation', async () => {
    const { email, invitation, token } = await customerInvitation();
    const revoked = await admin.post(`/api/admin/invitations/${invitation.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expectInviteRequired(await signUp(visitor(), { email, accountType: 'user', invitationToken: token }));
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('refuses the link of an invitation more than 7 days old', async () => {
    const { email, invitation, token } = await customerInvitation();
    clockOffsetMs = 7 * DAY_MS + 60_000;
    try {
      expectInviteRequired(await signUp(visitor(), { email, accountType: 'user', invitationToken: token }));
      const listed = (await admin.get('/api/admin/invitations?limit=100')).json();
      expect(listed.items.find((item: { id: string }) => item.id === invitation.id).status).toBe('expired');
    } finally {
      clockOffsetMs = 0;
    }
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('lets an admin resend an expired invitation: the new link works for another 7 days', async () => {
    const { email, invitation } = await customerInvitation();
    clockOffsetMs = 8 * DAY_MS;
    try {
      const resent = await admin.post(`/api/admin/invitations/${invitation.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json().status).toBe('pending');
      const token = await invitationTokenFor(t.db, email);
      clockOffsetMs = 14 * DAY_MS;
      const response = await signUp(visitor(), { email, accountType: 'user', invitationToken: token });
      expect(response.statusCode, response.body).toBe(201);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("gives the invitation's account type, whatever type the body asks for (provider invitation, type user)", async () => {
    const email = uniqueEmail('provider');
    const invitation = await invite(admin, { email, role: 'provider_admin', organization: { name: 'Scans Ltd' } });
    const token = await invitationTokenFor(t.db, email);
    const device = visitor();
    const response = await signUp(device, { email, accountType: 'user', invitationToken: token });
    expect(response.statusCode, response.body).toBe(201);
    expect((await device.me()).body).toMatchObject({
      role: 'provider_admin',
      portal: 'provider',
      organization: { id: invitation.organization.id, type: 'provider' },
    });
  });

  it("creates the account for the invitation's address only, whatever address the body names", async () => {
    const { email, token, invitation } = await customerInvitation();
    const other = uniqueEmail('someone-else');
    const response = await signUp(visitor(), { email: other, accountType: 'user', invitationToken: token });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ email });
    expect(await usersWithEmail(other)).toHaveLength(0);
    expect(await usersWithEmail(email)).toHaveLength(1);
    expect((await invitationRow(invitation.id)).status).toBe('accepted');
  });

  it('creates exactly one user with the invitation role and organisation, and uses the invitation up', async () => {
    const { email, invitation, token } = await customerInvitation('customer_user');
    const response = await signUp(visitor(), { email, accountType: 'user', invitationToken: token });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ status: 'signed_in', email, portal: 'customer' });

    const users = await usersWithEmail(email);
    expect(users).toHaveLength(1);
    const userId = users[0]!.id;
    const roles = await t.db.select().from(schema.userRoles).where(eq(schema.userRoles.userId, userId));
    expect(roles.map((row) => row.role)).toEqual(['customer_user']);
    const memberships = await t.db.select().from(schema.orgMemberships).where(eq(schema.orgMemberships.userId, userId));
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ orgId: invitation.organization.id, role: 'customer_user' });
    expect(await invitationRow(invitation.id)).toMatchObject({ status: 'accepted', acceptedUserId: userId });

    // The same link never works twice, whoever uses it.
    expectInviteRequired(await signUp(visitor(), { email, accountType: 'user', invitationToken: token }));
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it('lets only one of five simultaneous sign-ups with one token through', async () => {
    const { email, invitation, token } = await customerInvitation();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => signUp(visitor(), { email, accountType: 'user', invitationToken: token })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([201, 403, 403, 403, 403]);
    for (const response of responses.filter((r) => r.statusCode === 403)) expectInviteRequired(response);
    expect(await usersWithEmail(email)).toHaveLength(1);
    const [user] = await usersWithEmail(email);
    expect(await t.db.select().from(schema.userRoles).where(eq(schema.userRoles.userId, user!.id))).toHaveLength(1);
    expect((await invitationRow(invitation.id)).status).toBe('accepted');
  });
});

describe('weak passwords', () => {
  it.each([
    ['too short', (_email: string) => 'Xy7#kq2', 'Use at least 10 characters.'],
    ['one of the most common', (_email: string) => 'password123', 'This is one of the most common passwords.'],
    [
      'containing the e-mail',
      (email: string) => `${email.split('@')[0]}-Zebra-42`,
      'Do not use your e-mail address in your password.',
    ],
  ])(
    'refuses a password %s with 400 weak_password and the reason, keeping the invitation',
    async (_label, make, reason) => {
      const { email, invitation, token } = await customerInvitation();
      const response = await signUp(visitor(), {
        email,
        password: make(email),
        accountType: 'user',
        invitationToken: token,
      });
      expect(response.statusCode, response.body).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('weak_password');
      expect(error.message).toContain(reason);
      expect(error.fields?.password).toContain(reason);
      expect(await usersWithEmail(email)).toHaveLength(0);
      expect((await invitationRow(invitation.id)).status).toBe('pending');
    },
  );
});

describe('joining from an invitation, in one step', () => {
  async function auditOfUser(userId: string) {
    return t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, userId));
  }

  it('creates a verified account of the invitation type and organisation, signed in, from one request', async () => {
    const { email, invitation, token } = await customerInvitation();
    const device = visitor();
    const joined = await signUp(device, { name: 'Ada Lovelace', password: STRONG_PASSWORD, invitationToken: token });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({ status: 'signed_in', email, portal: 'customer' });
    // The session lives in an http-only cookie; script never sees its token.
    expect(joined.json()).not.toHaveProperty('token');
    expect(device.jar.has('session_token')).toBe(true);

    const me = await device.me();
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { email, name: 'Ada Lovelace', emailVerified: true, twoFactorEnabled: false },
      role: 'customer_admin',
      portal: 'customer',
      organization: {
        id: invitation.organization.id,
        name: invitation.organization.name,
        type: 'customer',
        orgRole: 'customer_admin',
      },
    });
    // The customer portal answers: the account is usable at once.
    expect((await device.get('/api/customer/orders')).statusCode).toBe(200);
    // No confirmation e-mail: the invitation link proved the address.
    expect((await emailsTo(t.db, email)).map((row) => row.subject)).not.toContain('Confirm your e-mail address');
    // The invitation is used up, and the account's creation is in the audit log.
    expect(await invitationRow(invitation.id)).toMatchObject({ status: 'accepted', acceptedUserId: me.body.user.id });
    const audit = await auditOfUser(me.body.user.id);
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'sign_up',
        after: expect.objectContaining({ email, role: 'customer_admin', invitationId: invitation.id }),
      }),
    );
    // The password chosen on the join page signs in on another device too.
    expect((await visitor().signIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('signs a provider in to the provider portal of the named organisation', async () => {
    const email = uniqueEmail('provider-join');
    const invitation = await invite(admin, { email, role: 'provider_user', organization: { name: 'Join Scans' } });
    const device = visitor();
    const joined = await signUp(device, {
      name: 'Grace Hopper',
      invitationToken: await invitationTokenFor(t.db, email),
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({ status: 'signed_in', email, portal: 'provider' });
    expect((await device.me()).body).toMatchObject({
      role: 'provider_user',
      portal: 'provider',
      organization: { id: invitation.organization.id, type: 'provider', orgRole: 'provider_user' },
    });
  });

  it('changes nothing for an expired, revoked, used or made-up token: no user, no session, no audit entry', async () => {
    const expired = await customerInvitation();
    const revoked = await customerInvitation();
    expect((await admin.post(`/api/admin/invitations/${revoked.invitation.id}/revoke`)).statusCode).toBe(200);
    const used = await customerInvitation();
    expect((await signUp(visitor(), { invitationToken: used.token })).statusCode).toBe(201);
    const auditBefore = (await t.db.select().from(schema.auditLog)).length;
    const usersBefore = (await t.db.select().from(schema.user)).length;
    const sessionsBefore = (await t.db.select().from(schema.session)).length;

    const attempts: Array<[string, string]> = [
      ['revoked', revoked.token],
      ['used', used.token],
      ['made-up', randomBytes(32).toString('base64url')],
    ];
    clockOffsetMs = 7 * DAY_MS + 60_000;
    try {
      attempts.push(['expired', expired.token]);
      for (const [label, token] of attempts) {
        const device = visitor();
        const response = await signUp(device, { name: `Someone ${label}`, invitationToken: token });
        expectInviteRequired(response);
        expect(device.jar.has('session_token'), label).toBe(false);
        expect((await device.me()).status, label).toBe(401);
      }
    } finally {
      clockOffsetMs = 0;
    }
    expect((await t.db.select().from(schema.user)).length).toBe(usersBefore);
    expect((await t.db.select().from(schema.session)).length).toBe(sessionsBefore);
    expect((await t.db.select().from(schema.auditLog)).length).toBe(auditBefore);
    expect((await invitationRow(expired.invitation.id)).status).toBe('pending');
    expect((await invitationRow(revoked.invitation.id)).status).toBe('revoked');
  });
});

describe("the join page's view of an invitation", () => {
  function preview(token: string) {
    return visitor().get(`/api/auth/invitations/${encodeURIComponent(token)}`);
  }

  it('shows who invited, the address, the organisation and the role, and changes nothing', async () => {
    const { email, invitation, token } = await customerInvitation('customer_user');
    const response = await preview(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      email,
      role: 'customer_user',
      organization: { name: invitation.organization.name, type: 'customer' },
      invitedBy: expect.any(String),
      waitingQuote: null,
    });
    expect((await invitationRow(invitation.id)).status).toBe('pending');
  });

  it.each([
    ['a made-up token', 'unknown', 404, /not valid/],
    ['a revoked invitation', 'revoked', 410, /withdrawn/],
    ['a used invitation', 'used', 410, /already used.*Sign in/],
    ['an expired invitation', 'expired', 410, /expired/],
  ] as const)('says clearly why %s cannot be used', async (_label, kind, status, message) => {
    const { token, invitation } = await customerInvitation();
    if (kind === 'revoked') await admin.post(`/api/admin/invitations/${invitation.id}/revoke`);
    if (kind === 'used') expect((await signUp(visitor(), { invitationToken: token })).statusCode).toBe(201);
    if (kind === 'expired') clockOffsetMs = 7 * DAY_MS + 60_000;
    try {
      const response = await preview(kind === 'unknown' ? randomBytes(32).toString('base64url') : token);
      expect(response.statusCode, response.body).toBe(status);
      expect(errorOf(response).message).toMatch(message);
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('a quote waiting for the invited customer organisation', () => {
  it('is named in the invitation e-mail and on the join page, and the new member can answer it', async () => {
    const org = await createOrganization(admin, 'customer', 'Waiting Quote Ltd');
    const order = await createCustomerOrder(t.app, admin, org.id);
    const created = await admin.post('/api/admin/quotes', { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN });
    expect(created.statusCode, created.body).toBe(201);
    const quoteId = created.json().id as string;
    expect((await admin.post(`/api/admin/quotes/${quoteId}/send`)).statusCode).toBe(200);

    const email = uniqueEmail('quoted');
    await invite(admin, { email, role: 'customer_admin', organization: { id: org.id } });
    const mail = await latestEmail(t.db, email, "You're invited");
    expect(mail.text).toContain(`A quote for "${order.title}" is waiting for your answer`);

    const token = await invitationTokenFor(t.db, email);
    const preview = await visitor().get(`/api/auth/invitations/${token}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().waitingQuote).toEqual({ quoteId, orderTitle: order.title });

    const device = visitor();
    expect((await signUp(device, { invitationToken: token })).statusCode).toBe(201);
    const quotes = await device.get('/api/customer/quotes');
    expect(quotes.statusCode, quotes.body).toBe(200);
    expect(quotes.json().items).toContainEqual(expect.objectContaining({ id: quoteId, status: 'sent' }));
  });

  it('is not mentioned when no quote waits', async () => {
    const { email } = await customerInvitation();
    expect((await latestEmail(t.db, email, "You're invited")).text).not.toContain('quote');
  });
});

describe('e-mail confirmation of an account made before invitations verified addresses', () => {
  it('refuses sign-in until the address is confirmed from the e-mailed link, then shows role and organisation', async () => {
    const { email, invitation, token } = await customerInvitation();
    expect((await signUp(visitor(), { email, accountType: 'user', invitationToken: token })).statusCode).toBe(201);
    await markAddressUnconfirmed(t.db, email);
    const device = visitor();

    const early = await device.signIn(email, STRONG_PASSWORD);
    expect(early.statusCode).toBe(403);
    expect(errorOf(early).code).toBe('email_not_verified');
    expect(device.jar.has('session_token')).toBe(false);
    expect((await device.me()).status).toBe(401);

    // The link e-mailed at the refused sign-in leads back to /auth.
    const confirmations = (await emailsTo(t.db, email)).filter((row) => row.subject === 'Confirm your e-mail address');
    expect(confirmations.length).toBeGreaterThanOrEqual(1);
    const link = linkIn(confirmations.at(0)!);
    expect(link.pathname).toBe('/api/auth/verify-email');
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(302);

    const signedIn = await device.signIn(email, STRONG_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The session lives in an http-only cookie; script never sees its token.
    expect(signedIn.json()).not.toHaveProperty('token');
    const me = await device.me();
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { email, emailVerified: true, twoFactorEnabled: false },
      role: 'customer_admin',
      portal: 'customer',
      organization: {
        id: invitation.organization.id,
        name: invitation.organization.name,
        type: 'customer',
        orgRole: 'customer_admin',
      },
    });
  });

  it('does not confirm anything with a forged link', async () => {
    const { email, token } = await customerInvitation();
    expect((await signUp(visitor(), { email, accountType: 'user', invitationToken: token })).statusCode).toBe(201);
    await markAddressUnconfirmed(t.db, email);
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not.a.jwt' });
    expect(forged.statusCode).toBeGreaterThanOrEqual(300);
    expect((await usersWithEmail(email))[0]!.emailVerified).toBe(false);
  });
});
