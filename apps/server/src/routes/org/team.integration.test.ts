import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  errorOf,
  invitationLinkFor,
  invitationTokenFor,
  signUp,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  uniqueAddress,
  uniqueEmail,
  withSignInWarnings,
} from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
/** customer_admin of Acme, a customer_user of Acme, a customer_user of another customer, a provider_admin. */
let acmeAdmin: TSignedInUser;
let acmeUser: TSignedInUser;
let otherCustomerUser: TSignedInUser;
let providerAdmin: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin());
  acmeAdmin = await newUser('customer_admin', { name: 'Acme' });
  acmeUser = await newUser('customer_user', { id: acmeAdmin.orgId });
  otherCustomerUser = await newUser('customer_user', { name: 'Globex' });
  providerAdmin = await newUser('provider_admin', { name: 'Hopper Scans' });
});
afterAll(async () => {
  await t?.close();
});

/** Joins from the e-mailed invitation link, which signs the new member in. */
async function acceptInvitation(email: string, accountType: 'user' | 'provider') {
  const device = createClient(t.app, { remoteAddress: uniqueAddress() });
  const token = await invitationTokenFor(t.db, email);
  const signedUp = await signUp(device, { email, accountType, invitationToken: token });
  expect(signedUp.statusCode, signedUp.body).toBe(201);
  return device;
}

describe('a customer_admin and their team', () => {
  it('lists their own organisation, its members and pending invitations only', async () => {
    const response = await acmeAdmin.client.get('/api/organization/team');
    expect(response.statusCode, response.body).toBe(200);
    const team = response.json();
    expect(team.organization).toEqual({ id: acmeAdmin.orgId, name: 'Acme', type: 'customer' });
    expect(team.members.map((member: { email: string; role: string }) => [member.email, member.role])).toEqual([
      [acmeAdmin.email, 'customer_admin'],
      [acmeUser.email, 'customer_user'],
    ]);
    expect(JSON.stringify(team)).not.toContain(otherCustomerUser.email);
    // A member reads the same team.
    const asMember = await acmeUser.client.get('/api/organization/team');
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().organization.id).toBe(acmeAdmin.orgId);
  });

  it('invites a teammate, who becomes a customer_user of the same organisation', async () => {
    const email = uniqueEmail('teammate');
    const response = await acmeAdmin.client.post('/api/organization/invitations', { email });
    expect(response.statusCode, response.body).toBe(201);
    const invitation = response.json();
    expect(invitation).toMatchObject({
      email,
      orgType: 'customer',
      roleSuggested: 'customer_user',
      status: 'pending',
      organization: { id: acmeAdmin.orgId, name: 'Acme' },
    });
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, invitation.id));
    expect(audit.map((row) => [row.action, row.actorUserId])).toEqual([['create', acmeAdmin.userId]]);

    const team = (await acmeAdmin.client.get('/api/organization/team')).json();
    expect(team.pendingInvitations.map((item: { id: string }) => item.id)).toContain(invitation.id);

    const teammate = await acceptInvitation(email, 'user');
    const me = await teammate.me();
    expect(me.body).toMatchObject({
      role: 'customer_user',
      portal: 'customer',
      organization: { id: acmeAdmin.orgId, type: 'customer', orgRole: 'customer_user' },
    });
  });

  it('cannot invite someone who already has an account', async () => {
    const response = await acmeAdmin.client.post('/api/organization/invitations', { email: otherCustomerUser.email });
    expect(response.statusCode).toBe(409);
  });

  it('cannot revoke an invitation of another organisation (404)', async () => {
    const email = uniqueEmail('globex-invite');
    const created = await admin.post('/api/admin/invitations', {
      email,
      orgType: 'customer',
      roleSuggested: 'customer_user',
      organization: { id: otherCustomerUser.orgId },
    });
    expect(created.statusCode).toBe(201);
    const response = await acmeAdmin.client.post(`/api/organization/invitations/${created.json().id}/revoke`);
    expect(response.statusCode).toBe(404);
    const [row] = await t.db.select().from(schema.invitations).where(eq(schema.invitations.id, created.json().id));
    expect(row!.status).toBe('pending');
  });

  it('a customer_user cannot invite (403)', async () => {
    const email = uniqueEmail('not-allowed');
    const response = await acmeUser.client.post('/api/organization/invitations', { email });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('forbidden');
    expect(await t.db.select().from(schema.invitations).where(eq(schema.invitations.email, email))).toHaveLength(0);
  });

  it('cannot remove a member of another organisation (404), who keeps working', async () => {
    const response = await acmeAdmin.client.delete(`/api/organization/members/${otherCustomerUser.userId}`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
    expect((await otherCustomerUser.client.me()).status).toBe(200);
  });

  it('cannot remove themselves', async () => {
    const response = await acmeAdmin.client.delete(`/api/organization/members/${acmeAdmin.userId}`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('You cannot remove yourself.');
    expect((await acmeAdmin.client.me()).status).toBe(200);
  });

  it('removes a customer_user: their session stops working and they can no longer sign in', async () => {
    expect((await acmeUser.client.me()).status).toBe(200);
    const response = await acmeAdmin.client.delete(`/api/organization/members/${acmeUser.userId}`);
    expect(response.statusCode, response.body).toBe(204);

    expect((await acmeUser.client.me()).status).toBe(401);
    expect((await acmeUser.client.get('/api/organization/team')).statusCode).toBe(401);
    const again = createClient(t.app, { remoteAddress: uniqueAddress() });
    const signIn = await withSignInWarnings(() => again.signIn(acmeUser.email, acmeUser.password));
    expect(signIn.statusCode).toBe(401);

    const team = (await acmeAdmin.client.get('/api/organization/team')).json();
    expect(team.members.map((member: { userId: string }) => member.userId)).not.toContain(acmeUser.userId);
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, acmeUser.userId));
    expect(audit.filter((row) => row.action === 'remove_member')).toHaveLength(1);

    const twice = await acmeAdmin.client.delete(`/api/organization/members/${acmeUser.userId}`);
    expect(twice.statusCode).toBe(404);
  });
});

describe('a provider_admin and their team', () => {
  it('invites a provider_user into the provider organisation', async () => {
    const email = uniqueEmail('crew');
    const response = await providerAdmin.client.post('/api/organization/invitations', { email });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      orgType: 'provider',
      roleSuggested: 'provider_user',
      organization: { id: providerAdmin.orgId, name: 'Hopper Scans' },
    });
    expect((await invitationLinkFor(t.db, email)).searchParams.get('intent')).toBe('provider');

    const crew = await acceptInvitation(email, 'provider');
    expect((await crew.me()).body).toMatchObject({
      role: 'provider_user',
      portal: 'provider',
      organization: { id: providerAdmin.orgId, type: 'provider', orgRole: 'provider_user' },
    });
    const team = (await providerAdmin.client.get('/api/organization/team')).json();
    expect(team.members.map((member: { role: string }) => member.role)).toEqual(['provider_admin', 'provider_user']);
  });
});
