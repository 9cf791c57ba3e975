import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@spacecapture/db/client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createSignedInAdmin,
  errorOf,
  invitationLinkFor,
  invitationTokenFor,
  invite,
  signUp,
  type TClient,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

const INVITATIONS = '/api/admin/invitations';
const INVITE_ONLY = 'Signup is invite-only. Please use your invitation link or contact an admin.';

let t: TTestApp;
let admin: TClient;
let adminEmail: string;
let webDist: string;
/** How far the app's clock runs ahead of real time (moved to expire invitations). */
let clockOffsetMs = 0;

beforeAll(async () => {
  // A built web app (its SPA shell is enough), so invitation links open a real page.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-web-'));
  await writeFile(path.join(webDist, 'app.html'), '<!doctype html><title>SpaceCapture</title><div id="root"></div>');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDist }, clock: () => new Date(Date.now() + clockOffsetMs) });
  const created = await createSignedInAdmin(t.app);
  admin = created.client;
  adminEmail = created.email;
});
afterAll(async () => {
  await t?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

type TInvitationView = {
  id: string;
  email: string;
  orgType: string;
  roleSuggested: string;
  status: string;
  organization: { id: string; name: string } | null;
  expiresAt: string;
  createdAt: string;
};

async function auditOf(entityId: string) {
  return t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId));
}

async function outboxTo(email: string) {
  return (await t.db.select().from(schema.outboxEmails)).filter((row) => row.to.includes(email));
}

async function invitationCount() {
  return (await t.db.select({ id: schema.invitations.id }).from(schema.invitations)).length;
}

async function auditCount() {
  return (await t.db.select({ id: schema.auditLog.id }).from(schema.auditLog)).length;
}

async function invitationRow(id: string) {
  const [row] = await t.db.select().from(schema.invitations).where(eq(schema.invitations.id, id));
  return row!;
}

function newCustomerOrg(name = `Customer ${Math.random().toString(36).slice(2, 8)}`) {
  return { name };
}

describe('POST /api/admin/invitations', () => {
  it('invites into a new organisation created by name, with one audit entry for each', async () => {
    const email = uniqueEmail('new-org');
    const response = await admin.post(INVITATIONS, {
      email,
      orgType: 'provider',
      roleSuggested: 'provider_admin',
      organization: { name: 'Hopper Scans' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created: TInvitationView = response.json();
    expect(created).toMatchObject({
      email,
      orgType: 'provider',
      roleSuggested: 'provider_admin',
      status: 'pending',
      organization: { name: 'Hopper Scans' },
    });
    expect(new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime()).toBeCloseTo(
      7 * 86_400_000,
      -4,
    );
    const [org] = await t.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, created.organization!.id));
    expect(org).toMatchObject({ name: 'Hopper Scans', type: 'provider', status: 'active' });

    const invitationAudit = await auditOf(created.id);
    expect(invitationAudit).toHaveLength(1);
    expect(invitationAudit[0]).toMatchObject({ entity: 'invitation', action: 'create' });
    expect(JSON.stringify(invitationAudit[0]!.after)).not.toContain('tokenHash');
    const orgAudit = await auditOf(org!.id);
    expect(orgAudit).toHaveLength(1);
    expect(orgAudit[0]).toMatchObject({ entity: 'organization', action: 'create' });
  });

  it('invites into an existing organisation of that type', async () => {
    const first = await invite(admin, {
      email: uniqueEmail('a'),
      role: 'customer_admin',
      organization: newCustomerOrg(),
    });
    const email = uniqueEmail('b');
    const orgsBefore = (await t.db.select().from(schema.organizations)).length;
    const second = await invite(admin, {
      email,
      role: 'customer_user',
      organization: { id: first.organization.id },
    });
    expect(second.organization).toEqual(first.organization);
    expect((await t.db.select().from(schema.organizations)).length).toBe(orgsBefore);
    expect(await auditOf(second.id)).toHaveLength(1);
  });

  it('e-mails a link to /auth with intent, tab=signup, email and invite', async () => {
    const email = uniqueEmail('linked');
    await invite(admin, { email, role: 'provider_user', organization: { name: 'Link Scans' } });
    const link = await invitationLinkFor(t.db, email);
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe('/auth');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      intent: 'provider',
      tab: 'signup',
      email,
      invite: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
    });
    const customerEmail = uniqueEmail('linked-customer');
    await invite(admin, { email: customerEmail, role: 'customer_admin', organization: newCustomerOrg() });
    expect((await invitationLinkFor(t.db, customerEmail)).searchParams.get('intent')).toBe('customer');
  });

  it('does not touch the invitation when the link is merely fetched (mail scanners)', async () => {
    const email = uniqueEmail('scanned');
    const created = await invite(admin, { email, role: 'customer_admin', organization: newCustomerOrg() });
    const before = await invitationRow(created.id);
    const link = await invitationLinkFor(t.db, email);
    for (const method of ['GET', 'HEAD'] as const) {
      const opened = await t.app.inject({ method, url: `${link.pathname}${link.search}` });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toContain('text/html');
    }
    expect(await invitationRow(created.id)).toEqual(before);
    expect(await auditOf(created.id)).toHaveLength(1);
    // The link still signs up afterwards.
    const token = link.searchParams.get('invite')!;
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await signUp(visitor, { email, accountType: 'user', invitationToken: token })).statusCode).toBe(201);
  });

  it('refuses a role that does not belong to the organisation type (400), creating nothing', async () => {
    const [invitations, audits] = [await invitationCount(), await auditCount()];
    const response = await admin.post(INVITATIONS, {
      email: uniqueEmail('mismatch'),
      orgType: 'customer',
      roleSuggested: 'provider_admin',
      organization: newCustomerOrg(),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'validation_failed',
      fields: { roleSuggested: 'The suggested role must belong to the organization type.' },
    });
    expect([await invitationCount(), await auditCount()]).toEqual([invitations, audits]);
  });

  it('refuses an existing organisation of the other type, or one that does not exist (400)', async () => {
    const provider = await invite(admin, {
      email: uniqueEmail('p'),
      role: 'provider_admin',
      organization: { name: 'Other Type Scans' },
    });
    const [invitations, audits] = [await invitationCount(), await auditCount()];
    for (const organization of [{ id: provider.organization.id }, { id: crypto.randomUUID() }]) {
      const response = await admin.post(INVITATIONS, {
        email: uniqueEmail('wrong-org'),
        orgType: 'customer',
        roleSuggested: 'customer_admin',
        organization,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields).toEqual({ organization: 'Choose an organization of the selected type.' });
    }
    expect([await invitationCount(), await auditCount()]).toEqual([invitations, audits]);
  });

  it('refuses a second pending invitation for the same e-mail (409)', async () => {
    const email = uniqueEmail('twice');
    await invite(admin, { email, role: 'customer_admin', organization: newCustomerOrg() });
    const [invitations, audits, orgs] = [
      await invitationCount(),
      await auditCount(),
      (await t.db.select().from(schema.organizations)).length,
    ];
    const response = await admin.post(INVITATIONS, {
      email: email.toUpperCase(),
      orgType: 'customer',
      roleSuggested: 'customer_admin',
      organization: newCustomerOrg(),
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'conflict',
      fields: { email: 'A pending invitation for this e-mail already exists.' },
    });
    // Nothing of the refused request stays, not even its new organisation.
    expect([
      await invitationCount(),
      await auditCount(),
      (await t.db.select().from(schema.organizations)).length,
    ]).toEqual([invitations, audits, orgs]);
  });

  it('creates one invitation when the same one is sent several times at once (double click)', async () => {
    const email = uniqueEmail('double-click');
    const orgName = `Double Click ${email}`;
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        admin.post(INVITATIONS, {
          email,
          orgType: 'customer',
          roleSuggested: 'customer_admin',
          organization: { name: orgName },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.db.select().from(schema.invitations).where(eq(schema.invitations.email, email))).toHaveLength(1);
    expect(await t.db.select().from(schema.organizations).where(eq(schema.organizations.name, orgName))).toHaveLength(
      1,
    );
    expect((await t.db.select().from(schema.outboxEmails)).filter((row) => row.to.includes(email))).toHaveLength(1);
  });

  it('after an invitation expired, allows one new invitation for that e-mail and refuses a third', async () => {
    const email = uniqueEmail('expired-then-again');
    await invite(admin, { email, role: 'customer_admin', organization: newCustomerOrg() });
    clockOffsetMs = 8 * 86_400_000;
    try {
      await invite(admin, { email, role: 'customer_admin', organization: newCustomerOrg() });
      const third = await admin.post(INVITATIONS, {
        email,
        orgType: 'customer',
        roleSuggested: 'customer_admin',
        organization: newCustomerOrg(),
      });
      expect(third.statusCode, third.body).toBe(409);
    } finally {
      clockOffsetMs = 0;
    }
    expect(await t.db.select().from(schema.invitations).where(eq(schema.invitations.email, email))).toHaveLength(2);
  });

  it('refuses to invite someone who already has an account (409)', async () => {
    const response = await admin.post(INVITATIONS, {
      email: adminEmail,
      orgType: 'customer',
      roleSuggested: 'customer_admin',
      organization: newCustomerOrg(),
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'conflict',
      fields: { email: 'This person already has an account.' },
    });
  });

  it('validates the request with the field messages', async () => {
    const response = await admin.post(INVITATIONS, { email: 'nope', orgType: 'x', roleSuggested: 'master_admin' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      email: 'Please enter a valid email address.',
      orgType: 'Please select an organization type.',
      roleSuggested: 'Please select a role.',
    });
  });
});

describe('GET /api/admin/invitations', () => {
  it('lists newest first and pages by cursor without gaps or repeats', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        (await invite(admin, { email: uniqueEmail(`list${i}`), role: 'customer_user', organization: newCustomerOrg() }))
          .id,
      );
    }
    const all: TInvitationView[] = (await admin.get(`${INVITATIONS}?limit=100`)).json().items;
    expect(all.length).toBe(await invitationCount());
    expect(all.slice(0, 5).map((item) => item.id)).toEqual([...made].reverse());
    const times = all.map((item) => new Date(item.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const paged: TInvitationView[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=2&cursor=${encodeURIComponent(cursor)}` : 'limit=2';
      const response = await admin.get(`${INVITATIONS}?${query}`);
      expect(response.statusCode).toBe(200);
      const page: { items: TInvitationView[]; nextCursor: string | null } = response.json();
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    expect(paged.map((item) => item.id)).toEqual(all.map((item) => item.id));
  });

  it('refuses a cursor it did not make', async () => {
    const response = await admin.get(`${INVITATIONS}?cursor=not-a-cursor`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('The cursor is not valid.');
  });
});

describe('resend and revoke', () => {
  it('resend e-mails a new link: the old token no longer signs up, the new one does', async () => {
    const email = uniqueEmail('resent');
    const created = await invite(admin, { email, role: 'customer_admin', organization: newCustomerOrg() });
    const oldToken = await invitationTokenFor(t.db, email);

    const response = await admin.post(`${INVITATIONS}/${created.id}/resend`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, status: 'pending' });
    const newToken = await invitationTokenFor(t.db, email);
    expect(newToken).not.toBe(oldToken);
    const resendAudit = (await auditOf(created.id)).filter((row) => row.action === 'resend');
    expect(resendAudit).toHaveLength(1);
    expect(JSON.stringify(resendAudit[0])).not.toContain('tokenHash');

    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    const withOld = await signUp(visitor, { email, accountType: 'user', invitationToken: oldToken });
    expect(withOld.statusCode).toBe(403);
    expect(errorOf(withOld)).toMatchObject({ code: 'invite_required', message: INVITE_ONLY });
    const withNew = await signUp(visitor, { email, accountType: 'user', invitationToken: newToken });
    expect(withNew.statusCode, withNew.body).toBe(201);
    expect((await invitationRow(created.id)).status).toBe('accepted');

    // An accepted invitation is not re-opened, and nothing is mailed.
    const mailsBefore = (await outboxTo(email)).length;
    const again = await admin.post(`${INVITATIONS}/${created.id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'conflict',
      message: `The invitation for ${email} was accepted: the account exists, so there is nothing to resend.`,
    });
    expect((await auditOf(created.id)).filter((row) => row.action === 'resend')).toHaveLength(1);
    expect((await outboxTo(email)).length).toBe(mailsBefore);
  });

  it('revokes a pending invitation once; revoking it again or an accepted one is a 409 from … to …', async () => {
    const email = uniqueEmail('revoked');
    const created = await invite(admin, { email, role: 'customer_admin', organization: newCustomerOrg() });
    const response = await admin.post(`${INVITATIONS}/${created.id}/revoke`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, status: 'revoked' });
    const revokeAudit = (await auditOf(created.id)).filter((row) => row.action === 'revoke');
    expect(revokeAudit).toHaveLength(1);
    expect(revokeAudit[0]).toMatchObject({
      entity: 'invitation',
      before: expect.objectContaining({ status: 'pending' }),
      after: expect.objectContaining({ status: 'revoked' }),
    });

    const twice = await admin.post(`${INVITATIONS}/${created.id}/revoke`);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toMatchObject({
      code: 'conflict',
      message: 'Cannot move invitation from revoked to revoked.',
    });
    expect(await auditOf(created.id)).toHaveLength(2);

    // Resend re-opens a revoked invitation with a fresh link.
    const reopened = await admin.post(`${INVITATIONS}/${created.id}/resend`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().status).toBe('pending');
    const token = await invitationTokenFor(t.db, email);
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await signUp(visitor, { email, accountType: 'user', invitationToken: token })).statusCode).toBe(201);

    const accepted = await admin.post(`${INVITATIONS}/${created.id}/revoke`);
    expect(accepted.statusCode).toBe(409);
    expect(errorOf(accepted).message).toBe('Cannot move invitation from accepted to revoked.');
    const actions = (await auditOf(created.id)).map((row) => row.action).sort();
    expect(actions).toEqual(['create', 'resend', 'revoke']);
    const [row] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, created.id), eq(schema.auditLog.action, 'revoke')));
    expect(row!.actorUserId).toBeTruthy();
  });

  it('answers 404 for an invitation that does not exist', async () => {
    for (const action of ['resend', 'revoke']) {
      const response = await admin.post(`${INVITATIONS}/${crypto.randomUUID()}/${action}`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('not_found');
    }
  });
});
