import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, auditOf, COMPANY_EMAIL, orderRow } from '../../../test/workflow.ts';

/**
 * Secret calendar feeds (decision 146): a provider member's own and a customer organisation's,
 * with the confirmed captures; revoked and replaced addresses stop answering.
 */

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let providerUser: TSignedInUser;
let customer: TSignedInUser;
let customerUser: TSignedInUser;
let job: { orderId: string; assignmentId: string };

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  provider = await newUser('provider_admin', { name: 'Feed Scans' });
  providerUser = await newUser('provider_user', { id: provider.orgId });
  customer = await newUser('customer_admin', { name: 'Feed Customer' });
  customerUser = await newUser('customer_user', { id: customer.orgId });
  job = await acceptedJob(
    t.app,
    { admin, customerOrgId: customer.orgId, provider: { client: provider.client, orgId: provider.orgId } },
    { location: '12 Quay Street, Suite 4; Back door' },
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function makeFeed(client: TClient) {
  const response = await client.post('/api/account/calendar-feed');
  expect(response.statusCode, response.body).toBe(201);
  const { url } = response.json() as { url: string };
  expect(url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url).pathname;
}

/** Unfolded content lines of an iCalendar text. */
const linesOf = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('calendar feeds', () => {
  it("serves a provider member's confirmed captures, with the address, as RFC 5545", async () => {
    const path = await makeFeed(providerUser.client);
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const lines = linesOf(response.body);
    const order = await orderRow(t.db, job.orderId);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain(`UID:${job.assignmentId}@spacecapture`);
    const start = order.scheduledStart!.toISOString().replace(/[-:]|\.\d{3}/g, '');
    expect(lines).toContain(`DTSTART:${start}`);
    expect(lines).toContain('LOCATION:12 Quay Street\\, Suite 4\\; Back door');
    expect(lines.some((line) => line.startsWith('DTSTAMP:'))).toBe(true);
    // Only a hash of the token is stored.
    const rows = await t.db.select().from(schema.calendarFeeds);
    expect(rows.some((row) => path.includes(row.tokenHash))).toBe(false);
  });

  it('a new address revokes the old one; revoking stops it answering', async () => {
    const first = await makeFeed(provider.client);
    const second = await makeFeed(provider.client);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    const state = await provider.client.get('/api/account/calendar-feed');
    expect(state.json().feed).toMatchObject({ scope: 'member' });
    const revoked = await provider.client.delete('/api/account/calendar-feed');
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect((await provider.client.get('/api/account/calendar-feed')).json().feed).toBeNull();
    expect((await provider.client.delete('/api/account/calendar-feed')).statusCode).toBe(404);
  });

  it('gives the customer organisation one address, made by its admin', async () => {
    const refused = await customerUser.client.post('/api/account/calendar-feed');
    expect(refused.statusCode).toBe(403);
    expect((await customerUser.client.delete('/api/account/calendar-feed')).statusCode).toBe(403);
    const path = await makeFeed(customer.client);
    expect((await customerUser.client.get('/api/account/calendar-feed')).json().feed).toMatchObject({
      scope: 'organization',
    });
    const text = (await t.app.inject({ method: 'GET', url: path })).body;
    expect(linesOf(text)).toContain(`UID:${job.assignmentId}@spacecapture`);
    const feedAudit = await t.db.select().from(schema.auditLog);
    expect(feedAudit.filter((entry) => entry.entity === 'calendar_feed').length).toBeGreaterThan(0);
    expect(await auditOf(t.db, job.assignmentId)).not.toHaveLength(0);
  });

  it("a removed member's address stops answering and its row goes with the account", async () => {
    const member = await newUser('provider_user', { id: provider.orgId });
    const path = await makeFeed(member.client);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const removed = await provider.client.delete(`/api/organization/members/${member.userId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await member.client.get('/api/me')).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Quay Street');
    const left = await t.db.select().from(schema.calendarFeeds).where(eq(schema.calendarFeeds.userId, member.userId));
    expect(left).toHaveLength(0);
  });

  it("is read with the member's rights of now: a member who left, or a deactivated organisation, gets nothing", async () => {
    const member = await newUser('provider_user', { id: provider.orgId });
    const memberFeed = await makeFeed(member.client);
    // No screen moves a member out of an organisation yet: the membership row alone goes.
    await t.db.delete(schema.orgMemberships).where(eq(schema.orgMemberships.userId, member.userId));
    expect((await t.app.inject({ method: 'GET', url: memberFeed })).statusCode).toBe(404);

    const other = await newUser('customer_admin', { name: 'Feed Customer Gone' });
    const orgFeed = await makeFeed(other.client);
    expect((await t.app.inject({ method: 'GET', url: orgFeed })).statusCode).toBe(200);
    await t.db.update(schema.organizations).set({ status: 'inactive' }).where(eq(schema.organizations.id, other.orgId));
    expect((await t.app.inject({ method: 'GET', url: orgFeed })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed token', async () => {
    for (const url of [
      '/api/calendar/nope.ics',
      `/api/calendar/${'A'.repeat(43)}.ics`,
      `/api/calendar/${'A'.repeat(43)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
