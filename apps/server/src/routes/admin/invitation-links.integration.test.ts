import { schema } from '@spacecapture/db/client';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  errorOf,
  invitationLinkFor,
  invite,
  signUp,
  type TClient,
  type TNewUser,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';

/** "Copy link" on /admin/invitations (decision 091): the pending invitation's link, audited. */

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let adminId: string;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin());
  adminId = (await admin.me()).body.user.id as string;
});
afterAll(async () => {
  await t?.close();
});

const linkOf = (id: string, client = admin) => client.post(`/api/admin/invitations/${id}/link`, {});

async function revealAudits(id: string) {
  return t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entityId, id), eq(schema.auditLog.action, 'reveal_link')));
}

describe('POST /api/admin/invitations/:id/link', () => {
  it('answers the e-mailed link, audits each time it is shown, and the link signs the person up', async () => {
    const email = uniqueEmail('copied');
    const invitation = await invite(admin, { email, role: 'customer_admin', organization: { name: 'Copy Estates' } });

    const response = await linkOf(invitation.id);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).toBe((await invitationLinkFor(t.db, email)).href);
    expect((await linkOf(invitation.id)).json()).toEqual({ url });

    const audits = await revealAudits(invitation.id);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ entity: 'invitation', actorUserId: adminId });
    expect(JSON.stringify(audits[0]!.after)).not.toContain(new URL(url).searchParams.get('invite'));

    const client = createClient(t.app, { remoteAddress: uniqueAddress() });
    const token = new URL(url).searchParams.get('invite') ?? '';
    const signedUp = await signUp(client, { email, accountType: 'user', invitationToken: token });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    // Accepted now: no link to show any more.
    const after = await linkOf(invitation.id);
    expect(after.statusCode).toBe(409);
    expect(errorOf(after).message).toBe('This invitation is accepted; only a pending invitation has a link to copy.');
  });

  it('shows the new link after a resend; the old one stops working', async () => {
    const email = uniqueEmail('resent');
    const invitation = await invite(admin, { email, role: 'provider_user', organization: { name: 'Resend Scans' } });
    const first = (await linkOf(invitation.id)).json() as { url: string };
    expect((await admin.post(`/api/admin/invitations/${invitation.id}/resend`, {})).statusCode).toBe(200);
    const second = (await linkOf(invitation.id)).json() as { url: string };
    expect(second.url).not.toBe(first.url);
    expect(second.url).toBe((await invitationLinkFor(t.db, email)).href);
    const client = createClient(t.app, { remoteAddress: uniqueAddress() });
    const stale = await signUp(client, {
      email,
      accountType: 'provider',
      invitationToken: new URL(first.url).searchParams.get('invite') ?? '',
    });
    expect(stale.statusCode).toBe(403);
  });

  it('refuses a revoked invitation (409) and one that does not exist (404), auditing nothing', async () => {
    const invitation = await invite(admin, {
      email: uniqueEmail('revoked'),
      role: 'customer_user',
      organization: { name: 'Revoked Homes' },
    });
    expect((await admin.post(`/api/admin/invitations/${invitation.id}/revoke`, {})).statusCode).toBe(200);
    const revoked = await linkOf(invitation.id);
    expect(revoked.statusCode).toBe(409);
    expect(errorOf(revoked).message).toBe('This invitation is revoked; only a pending invitation has a link to copy.');
    expect((await linkOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await revealAudits(invitation.id)).toHaveLength(0);
  });

  it('is refused to anyone but an admin', async () => {
    const invitation = await invite(admin, {
      email: uniqueEmail('guarded'),
      role: 'customer_user',
      organization: { name: 'Guarded Homes' },
    });
    const customer = await newUser('customer_admin', { id: invitation.organization.id });
    expect((await linkOf(invitation.id, customer.client)).statusCode).toBe(403);
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await linkOf(invitation.id, visitor)).statusCode).toBe(401);
    expect(await revealAudits(invitation.id)).toHaveLength(0);
  });

  it('is limited to 30 links a minute per admin', async () => {
    const invitation = await invite(admin, {
      email: uniqueEmail('limited'),
      role: 'customer_user',
      organization: { name: 'Limited Homes' },
    });
    // Earlier tests in this file may have used part of this minute's allowance already.
    const statuses: number[] = [];
    for (let i = 0; i < 31 && statuses.at(-1) !== 429; i += 1) statuses.push((await linkOf(invitation.id)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    const limited = await linkOf(invitation.id);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    // Refused requests showed nothing, so they left no audit entry.
    expect(await revealAudits(invitation.id)).toHaveLength(statuses.length - 1);
  });
});
