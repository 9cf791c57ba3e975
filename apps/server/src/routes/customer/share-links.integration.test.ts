import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  errorOf,
  type TClient,
  type TNewUser,
  type TSignedInUser,
  uniqueAddress,
} from '../../../test/accounts.ts';
import { createCustomerOrder, storeDeliverable } from '../../../test/deliverables.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { auditOf, COMPANY_EMAIL } from '../../../test/workflow.ts';

/**
 * Share links (issue 14, decision 137): a customer admin shares one order's files read-only with
 * an expiry; the public page needs no account, counts views, is limited per address, and never
 * yields another order's files; revoked or expired links answer 410.
 */

const DAY = 86_400_000;
const SHARE_RATE_LIMIT = 8;
const LINKS_PER_ORDER = 3;

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let member: TSignedInUser;
let outsider: TSignedInUser;
let provider: TSignedInUser;
/** How far the app's clock runs ahead of real time. */
let offsetMs = 0;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL, SHARE_RATE_LIMIT: String(SHARE_RATE_LIMIT), SHARE_LINKS_PER_ORDER: String(LINKS_PER_ORDER) },
    clock: () => new Date(Date.now() + offsetMs),
  }));
  customer = await newUser('customer_admin', { name: 'Sharing Customer' });
  member = await newUser('customer_user', { id: customer.orgId });
  outsider = await newUser('customer_admin', { name: 'Other Customer' });
  provider = await newUser('provider_admin', { name: 'Sharing Scans' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

/** A visitor with no session, from an address of its own (the limit is per address). */
function visitor() {
  return createClient(t.app, { remoteAddress: uniqueAddress() });
}

async function sharedOrder(files: Record<string, string> = { 'plan.pdf': 'plan bytes', 'scan.e57': 'scan bytes' }) {
  const order = await createCustomerOrder(t.app, admin, customer.orgId);
  const stored = [];
  for (const [name, bytes] of Object.entries(files)) {
    stored.push(await storeDeliverable(t.app, order.id, name, Buffer.from(bytes)));
  }
  return { order, files: stored };
}

async function createLink(orderId: string, expiresInDays = 7, client = customer.client) {
  const created = await client.post(`/api/customer/orders/${orderId}/share-links`, { expiresInDays });
  expect(created.statusCode, created.body).toBe(201);
  const body = created.json() as { link: { id: string; status: string; expiresAt: string }; url: string };
  return { ...body, token: body.url.split('/share/')[1] as string };
}

describe('managing share links', () => {
  it('creates a link with an expiry, lists it, revokes it, and audits both with the change', async () => {
    const { order } = await sharedOrder();
    const before = Date.now();
    const { link, url, token } = await createLink(order.id, 30);
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
    expect(link.status).toBe('active');
    const expiresIn = new Date(link.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThan(30 * DAY - 60_000);
    expect(expiresIn).toBeLessThan(30 * DAY + 60_000);

    // Only the token's hash is kept, and the audit entry carries neither.
    const [row] = await t.db.select().from(schema.shareLinks).where(eq(schema.shareLinks.id, link.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    const created = await auditOf(t.db, link.id);
    expect(created.map((entry) => entry.action)).toEqual(['create']);
    expect(created[0]?.actorUserId).toBe(customer.userId);
    expect(JSON.stringify(created[0]?.after)).not.toMatch(/tokenHash|token_hash/);
    expect(JSON.stringify(created[0]?.after)).not.toContain(token);

    const list = await customer.client.get(`/api/customer/orders/${order.id}/share-links`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: link.id, status: 'active', viewCount: 0, lastViewedAt: null }),
    ]);
    expect(list.body).not.toContain(token);

    const revoked = await customer.client.post(`/api/customer/share-links/${link.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: link.id, status: 'revoked' });
    expect((await auditOf(t.db, link.id)).map((entry) => entry.action)).toEqual(['create', 'revoke']);
    const again = await customer.client.post(`/api/customer/share-links/${link.id}/revoke`);
    expect(again.statusCode).toBe(409);
    expect((await auditOf(t.db, link.id)).length).toBe(2);
  });

  it('refuses an expiry outside the choices, changing nothing', async () => {
    const { order } = await sharedOrder();
    for (const body of [
      { expiresInDays: 91 },
      { expiresInDays: 0 },
      { expiresInDays: '7' },
      {},
      { expiresInDays: 7, x: 1 },
    ]) {
      const response = await customer.client.post(`/api/customer/orders/${order.id}/share-links`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.select().from(schema.shareLinks).where(eq(schema.shareLinks.orderId, order.id))).toEqual([]);
  });

  it('lets only a customer admin of the order organisation manage links', async () => {
    const { order } = await sharedOrder();
    const { link } = await createLink(order.id);
    const paths: [string, string, unknown?][] = [
      ['GET', `/api/customer/orders/${order.id}/share-links`],
      ['POST', `/api/customer/orders/${order.id}/share-links`, { expiresInDays: 1 }],
      ['POST', `/api/customer/share-links/${link.id}/revoke`, {}],
    ];
    for (const [method, path, body] of paths) {
      // A customer user of the same organisation: links are for admins (decision 137).
      expect((await member.client.request(method as 'GET', path, body)).statusCode, path).toBe(403);
      expect((await provider.client.request(method as 'GET', path, body)).statusCode, path).toBe(403);
      expect((await admin.request(method as 'GET', path, body)).statusCode, path).toBe(403);
      // Another organisation's admin: the order and the link are not found.
      const foreign = await outsider.client.request(method as 'GET', path, body);
      expect(foreign.statusCode, path).toBe(404);
      expect((await createClient(t.app).request(method as 'GET', path, body)).statusCode, path).toBe(401);
    }
    const [row] = await t.db.select().from(schema.shareLinks).where(eq(schema.shareLinks.id, link.id));
    expect(row?.revokedAt).toBeNull();
    expect(await t.db.select().from(schema.shareLinks).where(eq(schema.shareLinks.orderId, order.id))).toHaveLength(1);
  });
});

describe('the public share page', () => {
  it('shows the order title and its files without a session, counts each view and downloads by signed link', async () => {
    const { order, files } = await sharedOrder();
    const { link, token } = await createLink(order.id);
    const guest = visitor();

    const page = await guest.get(`/api/public/shares/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    const body = page.json();
    // The title and the files, nothing else about the customer: no address, no prices, no organisation.
    expect(Object.keys(body).sort()).toEqual(['archiveUrl', 'branding', 'expiresAt', 'files', 'orders', 'title']);
    // An order's link has no groups of orders: those are a property's (decision 234).
    expect(body.orders).toBeNull();
    // A link is unbranded unless the customer chose otherwise (decision 223): no organisation at all.
    expect(body.branding).toBeNull();
    // The title without its last part, the location (the customer's address).
    expect(order.title).toMatch(/, Leeds [0-9a-f]{6}$/);
    expect(body.title).toBe(order.title.replace(/, Leeds [0-9a-f]{6}$/, ''));
    // No file has been through the point-tree worker yet (decision 245: a cloud's tree is listed).
    const waitingTree = { state: 'pending', percent: 0, url: null, error: null };
    expect(body.files).toEqual([
      {
        id: files[0]?.id,
        name: 'plan.pdf',
        sizeBytes: 10,
        contentType: 'application/pdf',
        thumbnailUrl: null,
        tour: null,
        pointTree: waitingTree,
      },
      {
        id: files[1]?.id,
        name: 'scan.e57',
        sizeBytes: 10,
        contentType: 'model/e57',
        thumbnailUrl: null,
        tour: null,
        pointTree: waitingTree,
      },
    ]);
    expect(page.body).not.toMatch(/Leeds|Sharing Customer|total|price/i);

    await guest.get(`/api/public/shares/${token}`);
    const listed = (await customer.client.get(`/api/customer/orders/${order.id}/share-links`)).json().items[0];
    expect(listed).toMatchObject({ id: link.id, viewCount: 2 });
    expect(listed.lastViewedAt).not.toBeNull();

    const download = await guest.post(`/api/public/shares/${token}/deliverables/${files[0]?.id}/link`);
    expect(download.statusCode, download.body).toBe(200);
    const { url } = download.json() as { url: string };
    expect(url).toMatch(/^\/api\/files\//);
    const file = await guest.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('plan bytes');
  });

  it("never yields another order's files: a token for order A with a file of order B is not found", async () => {
    const a = await sharedOrder({ 'a.pdf': 'order a' });
    const b = await sharedOrder({ 'b.pdf': 'order b' });
    const other = await createCustomerOrder(t.app, admin, outsider.orgId);
    const foreign = await storeDeliverable(t.app, other.id, 'c.pdf', Buffer.from('order c'));
    const { token } = await createLink(a.order.id);
    const guest = visitor();
    for (const fileId of [b.files[0]?.id, foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await guest.post(`/api/public/shares/${token}/deliverables/${fileId}/link`);
      expect(response.statusCode, String(fileId)).toBe(404);
    }
    const page = (await guest.get(`/api/public/shares/${token}`)).json();
    expect(page.files.map((file: { name: string }) => file.name)).toEqual(['a.pdf']);
  });

  it('answers 410 once the link is revoked or has expired on the app clock, and 404 for a token that never was', async () => {
    const { order, files } = await sharedOrder();
    const guest = visitor();
    const revoked = await createLink(order.id);
    await customer.client.post(`/api/customer/share-links/${revoked.link.id}/revoke`);
    const gone = await guest.get(`/api/public/shares/${revoked.token}`);
    expect(gone.statusCode).toBe(410);
    expect(errorOf(gone).message).toBe('This link has expired or was revoked');
    expect((await guest.post(`/api/public/shares/${revoked.token}/deliverables/${files[0]?.id}/link`)).statusCode).toBe(
      410,
    );

    const dayLink = await createLink(order.id, 1);
    expect((await guest.get(`/api/public/shares/${dayLink.token}`)).statusCode).toBe(200);
    offsetMs = DAY + 1000;
    try {
      expect((await guest.get(`/api/public/shares/${dayLink.token}`)).statusCode).toBe(410);
      const listed = (await customer.client.get(`/api/customer/orders/${order.id}/share-links`)).json().items;
      expect(listed.find((item: { id: string }) => item.id === dayLink.link.id)).toMatchObject({
        status: 'expired',
        viewCount: 1,
      });
    } finally {
      offsetMs = 0;
    }

    expect((await guest.get(`/api/public/shares/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await guest.get('/api/public/shares/not-a-token')).statusCode).toBe(404);
  });

  it('caps the live links of an order: a clear 409 at the cap, room again once one is revoked', async () => {
    const { order } = await sharedOrder({ 'cap.pdf': 'cap bytes' });
    const made = [];
    for (let i = 0; i < LINKS_PER_ORDER; i++) made.push(await createLink(order.id));
    const refused = await customer.client.post(`/api/customer/orders/${order.id}/share-links`, { expiresInDays: 7 });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      `This order already has ${LINKS_PER_ORDER} active share links, the most allowed. Revoke one to create another.`,
    );
    const listed = (await customer.client.get(`/api/customer/orders/${order.id}/share-links`)).json().items;
    expect(listed).toHaveLength(LINKS_PER_ORDER);
    // Another order of the same organisation has its own room.
    const other = await sharedOrder({ 'other.pdf': 'other bytes' });
    await createLink(other.order.id);
    expect((await customer.client.post(`/api/customer/share-links/${made[0]!.link.id}/revoke`)).statusCode).toBe(200);
    await createLink(order.id);
  });

  it('limits requests per address with 429 and Retry-After', async () => {
    const { order } = await sharedOrder();
    const { token } = await createLink(order.id);
    const guest = visitor();
    for (let i = 0; i < SHARE_RATE_LIMIT; i++) {
      expect((await guest.get(`/api/public/shares/${token}`)).statusCode).toBe(200);
    }
    const limited = await guest.get(`/api/public/shares/${token}`);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Guessing tokens is limited alike.
    const guesser = visitor();
    const answers = [];
    for (let i = 0; i <= SHARE_RATE_LIMIT; i++)
      answers.push((await guesser.get(`/api/public/shares/${'B'.repeat(42)}${i % 10}`)).statusCode);
    expect(answers.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await visitor().get(`/api/public/shares/${token}`)).statusCode).toBe(200);
  });
});
