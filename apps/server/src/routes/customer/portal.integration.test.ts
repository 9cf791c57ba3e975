import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  auditOf,
  COMPANY_EMAIL,
  convertedOrder,
  DEFAULT_BREAKDOWN,
  orderRow,
  outboxWithSubject,
} from '../../../test/workflow.ts';

/**
 * The customer portal's API (spec 001 §2, §3, §7, §9): an organisation sees its own orders,
 * quotes and files and nothing else; quotes are answered only while sent and valid; download
 * links are signed, short-lived and support Range.
 */

const ADMIN = '/api/admin';
const DAY = 86_400_000;
const HOUR = 3_600_000;

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let member: TSignedInUser;
let outsider: TSignedInUser;
let provider: TSignedInUser;
/** How far the app's clock runs ahead of real time. */
let offsetMs = 0;
/** When set, the app's clock stands still at this instant. */
let frozenAt: number | null = null;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL },
    clock: () => new Date(frozenAt ?? Date.now() + offsetMs),
  }));
  customer = await newUser('customer_admin', { name: 'Portal Customer' });
  member = await newUser('customer_user', { id: customer.orgId });
  outsider = await newUser('customer_admin', { name: 'Other Customer' });
  provider = await newUser('provider_admin', { name: 'Portal Scans' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

async function createOrder(orgId = customer.orgId, location = `Leeds ${randomUUID().slice(0, 6)}`) {
  return convertedOrder(t.app, admin, orgId, { location });
}

async function sentQuote(options: { validityUntil?: string } = {}) {
  const order = await createOrder();
  const created = await admin.post(`${ADMIN}/quotes`, {
    orderId: order.id,
    priceBreakdown: DEFAULT_BREAKDOWN,
    sla: '5 business days',
    ...(options.validityUntil ? { validityUntil: options.validityUntil } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  const quoteId = created.json().id as string;
  const sent = await admin.post(`${ADMIN}/quotes/${quoteId}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  return { order, quoteId };
}

const FILE_BYTES = Buffer.from(Array.from({ length: 64 }, (_, index) => index));

/**
 * A delivered order with one file. Until providers upload through their portal, the delivery is
 * written the way it will be stored: the provider's accepted assignment, the status changes as
 * job events, and a deliverable row whose first path is its key in the file store.
 */
async function deliveredOrder() {
  const { order, quoteId } = await sentQuote();
  expect((await customer.client.post(`/api/customer/quotes/${quoteId}/accept`)).statusCode).toBe(200);
  const offered = await admin.post(`${ADMIN}/assignments`, {
    orderId: order.id,
    providerOrgId: provider.orgId,
    compensation: 500,
  });
  expect(offered.statusCode, offered.body).toBe(201);
  await t.app.services.assignments.accept(
    offered.json().id,
    { userId: provider.userId, role: 'provider_admin', orgId: provider.orgId },
    { providerOrgId: provider.orgId },
  );
  const key = `deliverables/${randomUUID()}.bin`;
  const temp = path.join(await t.app.files.tempDir(), randomUUID());
  await writeFile(temp, FILE_BYTES);
  await t.app.files.adopt(temp, key);
  await t.db.update(schema.orders).set({ status: 'delivered' }).where(eq(schema.orders.id, order.id));
  await t.db.insert(schema.jobEvents).values([
    { orderId: order.id, type: 'status_change', metadata: { from: 'assigned', to: 'scheduled' } },
    { orderId: order.id, type: 'status_change', metadata: { from: 'scheduled', to: 'captured' } },
    { orderId: order.id, type: 'status_change', metadata: { from: 'captured', to: 'delivered' } },
  ]);
  const [file] = await t.db
    .insert(schema.deliverables)
    .values({
      orderId: order.id,
      type: 'point-cloud',
      fileLinks: { paths: [key] },
      fileName: 'scan "final".bin',
      size: String(FILE_BYTES.length),
    })
    .returning();
  return { order, quoteId, deliverableId: file!.id };
}

let shared: Promise<Awaited<ReturnType<typeof deliveredOrder>>> | undefined;
/** One delivered order for the tests that only read it. */
function sharedDelivered() {
  shared ??= deliveredOrder();
  return shared;
}

describe('orders', () => {
  it("lists the organisation's orders newest first with search, status filter and cursor pages", async () => {
    const tag = randomUUID().slice(0, 6);
    const first = await createOrder(customer.orgId, `Bristol ${tag}`);
    const second = await createOrder(customer.orgId, `Bristol ${tag}`);
    const foreign = await createOrder(outsider.orgId, `Bristol ${tag}`);
    const listed = await member.client.get(`/api/customer/orders?q=${tag}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = listed.json().items.map((item: { id: string }) => item.id);
    expect(ids).toEqual([second.id, first.id]);
    expect(ids).not.toContain(foreign.id);
    expect(listed.json().items[0]).toMatchObject({
      status: 'triage',
      displayStatus: 'pending',
      progress: {
        percent: 0,
        steps: [
          { state: 'pending' },
          { state: 'pending' },
          { state: 'pending' },
          { state: 'pending' },
          { state: 'pending' },
        ],
      },
    });

    const page1 = await member.client.get(`/api/customer/orders?q=${tag}&limit=1`);
    expect(page1.json().items.map((item: { id: string }) => item.id)).toEqual([second.id]);
    const page2 = await member.client.get(
      `/api/customer/orders?q=${tag}&limit=1&cursor=${encodeURIComponent(page1.json().nextCursor)}`,
    );
    expect(page2.json().items.map((item: { id: string }) => item.id)).toEqual([first.id]);
    expect(page2.json().nextCursor).toBeNull();

    const completed = await member.client.get(`/api/customer/orders?q=${tag}&status=completed`);
    expect(completed.json().items).toEqual([]);
    const pending = await member.client.get(`/api/customer/orders?q=${tag}&status=pending`);
    expect(pending.json().items).toHaveLength(2);
  });

  it('shows the detail with steps, quotes and deliverables computed from the real job events', async () => {
    const { order, quoteId, deliverableId } = await sharedDelivered();
    const detail = await customer.client.get(`/api/customer/orders/${order.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      id: order.id,
      status: 'delivered',
      displayStatus: 'awaiting_review',
      progress: {
        percent: 90,
        steps: [{ state: 'done' }, { state: 'done' }, { state: 'done' }, { state: 'done' }, { state: 'current' }],
      },
      quotes: [{ id: quoteId, status: 'accepted', canRespond: false }],
      deliverables: [{ id: deliverableId, fileName: 'scan "final".bin', size: FILE_BYTES.length }],
      // Every order has a property, its site address's (decision 237).
      propertyId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });

    const open = await createOrder();
    // Scheduled, its window started an hour ago, no file yet: the capture is under way, not done.
    await t.db
      .update(schema.orders)
      .set({ status: 'scheduled', scheduledStart: new Date(Date.now() - HOUR) })
      .where(eq(schema.orders.id, open.id));
    await t.db
      .insert(schema.jobEvents)
      .values({ orderId: open.id, type: 'status_change', metadata: { from: 'assigned', to: 'scheduled' } });
    const scheduled = (await customer.client.get(`/api/customer/orders/${open.id}`)).json();
    expect(scheduled).toMatchObject({
      displayStatus: 'in_progress',
      progress: {
        percent: 30,
        steps: [
          { key: 'scheduling', state: 'done', at: expect.any(String) },
          { key: 'capture', state: 'current', at: null },
          { state: 'pending' },
          { state: 'pending' },
          { key: 'review', state: 'pending' },
        ],
      },
    });
  });
});

describe('quotes', () => {
  it('lists quote cards and accepts a sent quote: the order is approved', async () => {
    const { order, quoteId } = await sentQuote({ validityUntil: new Date(Date.now() + 10 * DAY).toISOString() });
    const list = await member.client.get('/api/customer/quotes');
    expect(list.statusCode, list.body).toBe(200);
    const card = list.json().items.find((item: { id: string }) => item.id === quoteId);
    expect(card).toMatchObject({
      status: 'sent',
      canRespond: true,
      total: 1500,
      currency: 'USD',
      sla: '5 business days',
      priceBreakdown: DEFAULT_BREAKDOWN,
    });
    expect(card.validityUntil).toEqual(expect.any(String));

    const accepted = await member.client.post(`/api/customer/quotes/${quoteId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', canRespond: false });
    expect((await orderRow(t.db, order.id)).status).toBe('approved');

    const again = await member.client.post(`/api/customer/quotes/${quoteId}/decline`);
    expect(again.statusCode).toBe(409);

    const invoice = await member.client.get(`/api/customer/quotes/${quoteId}/invoice`);
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(invoice.json()).toMatchObject({
      number: expect.stringMatching(/^INV-\d{6}$/),
      quoteId,
      status: 'open',
      customerOrg: { id: customer.orgId, name: 'Portal Customer' },
      buyer: { legalName: 'Portal Customer' },
      lines: DEFAULT_BREAKDOWN.items.map((item) => ({ label: item.label, amountMinor: item.amount * 100 })),
      totalMinor: 150_000,
      currency: 'USD',
      order: { id: order.id },
    });
  });

  it('declines a sent quote; no invoice for it; the order stays quoted', async () => {
    const { order, quoteId } = await sentQuote();
    const declined = await customer.client.post(`/api/customer/quotes/${quoteId}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', canRespond: false });
    expect((await orderRow(t.db, order.id)).status).toBe('quoted');
    expect((await customer.client.post(`/api/customer/quotes/${quoteId}/accept`)).statusCode).toBe(409);
    expect((await customer.client.get(`/api/customer/quotes/${quoteId}/invoice`)).statusCode).toBe(409);
  });

  it('refuses to answer once the validity date has passed on the app clock (409), and shows it expired', async () => {
    const { quoteId } = await sentQuote({ validityUntil: new Date(Date.now() + DAY).toISOString() });
    offsetMs = 2 * DAY;
    try {
      const card = (await customer.client.get('/api/customer/quotes'))
        .json()
        .items.find((item: { id: string }) => item.id === quoteId);
      expect(card).toMatchObject({ status: 'expired', canRespond: false });
      const expired = (await customer.client.get('/api/customer/quotes?status=expired')).json().items;
      expect(expired.map((item: { id: string }) => item.id)).toContain(quoteId);
      const sent = (await customer.client.get('/api/customer/quotes?status=sent')).json().items;
      expect(sent.map((item: { id: string }) => item.id)).not.toContain(quoteId);
      const accept = await customer.client.post(`/api/customer/quotes/${quoteId}/accept`);
      expect(accept.statusCode).toBe(409);
      expect(errorOf(accept).message).toMatch(/expired/);
      expect((await customer.client.post(`/api/customer/quotes/${quoteId}/decline`)).statusCode).toBe(409);
    } finally {
      offsetMs = 0;
    }
  });

  it('does not show drafts, and refuses to answer one (404 for a draft the customer cannot see)', async () => {
    const order = await createOrder();
    const draft = await admin.post(`${ADMIN}/quotes`, { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN });
    const draftId = draft.json().id as string;
    const list = (await customer.client.get('/api/customer/quotes')).json();
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(draftId);
    expect((await customer.client.post(`/api/customer/quotes/${draftId}/accept`)).statusCode).toBe(404);
  });
});

describe('deliverables and signed links', () => {
  it('lists files per order and downloads through a signed link, with Range, within 300 s only', async () => {
    const { order, deliverableId } = await sharedDelivered();
    const list = await member.client.get('/api/customer/deliverables');
    expect(list.statusCode, list.body).toBe(200);
    const entry = list.json().items.find((item: { order: { id: string } }) => item.order.id === order.id);
    expect(entry).toMatchObject({ order: { displayStatus: 'awaiting_review' } });
    expect(entry.files.map((file: { id: string }) => file.id)).toContain(deliverableId);

    const link = await member.client.post(`/api/customer/deliverables/${deliverableId}/link`);
    expect(link.statusCode, link.body).toBe(200);
    const { url, expiresAt } = link.json() as { url: string; expiresAt: string };
    expect(url).toMatch(/^\/api\/files\/[^/]+$/);
    expect(url).not.toContain('deliverables/');
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(290_000);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);

    const anonymous = createClient(t.app);
    const whole = await anonymous.get(url);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.rawPayload.equals(FILE_BYTES)).toBe(true);
    expect(whole.headers['content-disposition']).toMatch(/^attachment; filename="scan _final_.bin"/);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('private, no-store');

    const part = await anonymous.get(url, { headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${FILE_BYTES.length}`);
    expect(part.rawPayload.equals(FILE_BYTES.subarray(10, 20))).toBe(true);
    const tail = await anonymous.get(url, { headers: { range: 'bytes=60-' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(FILE_BYTES.subarray(60))).toBe(true);

    const beyond = await anonymous.get(url, { headers: { range: 'bytes=100-200' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${FILE_BYTES.length}`);
    expect((await anonymous.get(url, { headers: { range: 'bytes=20-10' } })).statusCode).toBe(416);

    // The app clock stands just before, then at, the link's expiry.
    const expiry = new Date(expiresAt).getTime();
    frozenAt = expiry - 1;
    try {
      expect((await anonymous.get(url)).statusCode).toBe(200);
      frozenAt = expiry;
      const expired = await anonymous.get(url);
      expect(expired.statusCode).toBe(403);
      expect(expired.headers['cache-control']).toBe('private, no-store');
    } finally {
      frozenAt = null;
    }
  });

  it('refuses a tampered token: another file, another expiry, another signature', async () => {
    const { order, deliverableId } = await sharedDelivered();
    // A second file of the same order: a link to one file never opens another.
    const [other] = await t.db
      .insert(schema.deliverables)
      .values({
        orderId: order.id,
        type: 'photos',
        fileLinks: { paths: [`deliverables/${randomUUID()}.bin`] },
        fileName: 'other.bin',
        size: '1',
      })
      .returning();
    const url = (await customer.client.post(`/api/customer/deliverables/${deliverableId}/link`)).json().url as string;
    const [id, expiry, signature] = url.slice('/api/files/'.length).split('.') as [string, string, string];
    const anonymous = createClient(t.app);
    const tampered = [
      `${other!.id}.${expiry}.${signature}`,
      `${id}.${Number(expiry) + 3600}.${signature}`,
      `${id}.${expiry}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
    ];
    for (const token of tampered) {
      expect((await anonymous.get(`/api/files/${token}`)).statusCode, token).toBe(403);
    }
    // Not shaped like a link at all: there is nothing to refuse.
    for (const token of [`${id}.${expiry}`, 'not-a-token', randomUUID()]) {
      expect((await anonymous.get(`/api/files/${token}`)).statusCode, token).toBe(404);
    }
  });
});

describe('support, organisation and rating', () => {
  it('stores a support request for the organisation with an audit entry and an e-mail to the company', async () => {
    const subject = `Help ${randomUUID().slice(0, 6)}`;
    const response = await member.client.post('/api/customer/support', { subject, message: 'Where is my file?' });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.db
      .select()
      .from(schema.supportRequests)
      .where(eq(schema.supportRequests.id, response.json().id));
    expect(row).toMatchObject({ orgId: customer.orgId, userId: member.userId, subject, status: 'open' });
    expect(await auditOf(t.db, row!.id)).toHaveLength(1);
    const emails = await outboxWithSubject(t.db, `Support request: ${subject}`);
    expect(emails.map((email) => email.to)).toEqual([[COMPANY_EMAIL]]);

    expect(
      (await member.client.post('/api/customer/support', { subject: 'x'.repeat(201), message: 'm' })).statusCode,
    ).toBe(400);
    expect(
      (await member.client.post('/api/customer/support', { subject: 's', message: 'x'.repeat(5001) })).statusCode,
    ).toBe(400);
  });

  it('lets the customer_admin rename the organisation (audited); a customer_user may not', async () => {
    const renamed = await customer.client.request('PATCH', '/api/customer/organization', { name: 'Portal Customer' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({
      id: customer.orgId,
      name: 'Portal Customer',
      currency: 'USD',
      unitSystem: 'imperial',
    });
    expect((await auditOf(t.db, customer.orgId)).some((entry) => entry.action === 'rename')).toBe(true);
    const refused = await member.client.request('PATCH', '/api/customer/organization', { name: 'Hijack' });
    expect(refused.statusCode).toBe(403);
  });

  it('rates a delivered order once, for the provider of the accepted assignment; not before delivery', async () => {
    const { order } = await deliveredOrder();
    expect((await customer.client.get(`/api/customer/orders/${order.id}`)).json().rating).toBeNull();
    const rated = await customer.client.post(`/api/customer/orders/${order.id}/rating`, { score: 5, comment: 'Great' });
    expect(rated.statusCode, rated.body).toBe(201);
    // The order's detail shows the rating given, to every member of the organisation.
    expect((await member.client.get(`/api/customer/orders/${order.id}`)).json().rating).toEqual(rated.json());
    const [row] = await t.db.select().from(schema.ratings).where(eq(schema.ratings.orderId, order.id));
    expect(row).toMatchObject({ providerOrgId: provider.orgId, score: 5, comment: 'Great', ratedBy: customer.userId });
    expect((await customer.client.post(`/api/customer/orders/${order.id}/rating`, { score: 4 })).statusCode).toBe(409);

    const open = await createOrder();
    expect((await customer.client.post(`/api/customer/orders/${open.id}/rating`, { score: 4 })).statusCode).toBe(409);
    expect((await customer.client.post(`/api/customer/orders/${open.id}/rating`, { score: 6 })).statusCode).toBe(400);
  });
});

describe('access: another organisation, a provider and a signed-out caller get nothing', () => {
  it('answers 404 / 403 / 401 and never shows our rows', async () => {
    const { order, quoteId, deliverableId } = await sharedDelivered();
    const pending = await sentQuote();
    const byId = [
      ['GET', `/api/customer/orders/${order.id}`],
      ['POST', `/api/customer/orders/${order.id}/rating`, { score: 1 }],
      ['POST', `/api/customer/quotes/${pending.quoteId}/accept`],
      ['POST', `/api/customer/quotes/${pending.quoteId}/decline`],
      ['GET', `/api/customer/quotes/${quoteId}/invoice`],
      ['POST', `/api/customer/deliverables/${deliverableId}/link`],
    ] as const;
    const lists = ['/api/customer/orders', '/api/customer/quotes', '/api/customer/deliverables'];
    const writes = [
      ['POST', '/api/customer/support', { subject: 'Hi', message: 'There' }],
      ['PATCH', '/api/customer/organization', { name: 'Renamed' }],
    ] as const;
    const signedOut = createClient(t.app);
    const everything = [...byId, ...lists.map((url) => ['GET', url] as const), ...writes];

    for (const [method, url, body] of byId) {
      const response = await outsider.client.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const url of lists) {
      const response = await outsider.client.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(order.id);
      expect(response.body).not.toContain(pending.order.id);
    }
    for (const [method, url, body] of everything) {
      expect((await provider.client.request(method, url, body)).statusCode, `provider ${method} ${url}`).toBe(403);
      expect((await signedOut.request(method, url, body)).statusCode, `signed out ${method} ${url}`).toBe(401);
    }
    // Nothing changed for the customer: the quote is still open, no rating, no rename.
    const card = (await customer.client.get('/api/customer/quotes'))
      .json()
      .items.find((item: { id: string }) => item.id === pending.quoteId);
    expect(card).toMatchObject({ status: 'sent', canRespond: true });
    expect(await t.db.select().from(schema.ratings).where(eq(schema.ratings.orderId, order.id))).toEqual([]);
    const [org] = await t.db.select().from(schema.organizations).where(eq(schema.organizations.id, customer.orgId));
    expect(org?.name).toBe('Portal Customer');
  });
});
