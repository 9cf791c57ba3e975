import { schema } from '@spacecapture/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  auditOf,
  COMPANY_EMAIL,
  convertedOrder,
  DEFAULT_BREAKDOWN,
  outboxWithSubject,
  quoteRow,
} from '../../../test/workflow.ts';

/**
 * Decision 205: a draft quote is edited until it is sent; Send is previewed with its recipients;
 * the price book gives a new quote its starting items for the order's capture type and size.
 */

const API = '/api/admin';

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: TSignedInUser;
let member: TSignedInUser;
let provider: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL } }));
  customer = await newUser('customer_admin', { name: 'Draft Customer' });
  member = await newUser('customer_user', { id: customer.orgId });
  provider = await newUser('provider_admin', { name: 'Draft Scans' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

async function draftQuote(leadOverrides: Record<string, unknown> = {}) {
  const order = await convertedOrder(t.app, admin, customer.orgId, leadOverrides);
  const created = await admin.post(`${API}/quotes`, { orderId: order.id, priceBreakdown: DEFAULT_BREAKDOWN });
  expect(created.statusCode, created.body).toBe(201);
  return { order, quoteId: created.json().id as string };
}

describe('PATCH /api/admin/quotes/:id', () => {
  it('edits a draft: new items and total, SLA, validity; audited', async () => {
    const { quoteId } = await draftQuote();
    const edited = await admin.request('PATCH', `${API}/quotes/${quoteId}`, {
      priceBreakdown: { items: [{ label: 'Capture', amount: 1200.5 }], currency: 'eur' },
      sla: 'Priority: 3 business days',
      validityUntil: '2099-01-31',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      status: 'draft',
      total: 1200.5,
      currency: 'EUR',
      sla: 'Priority: 3 business days',
      priceBreakdown: { items: [{ label: 'Capture', amount: 1200.5 }], currency: 'EUR' },
    });
    expect((await quoteRow(t.db, quoteId))?.total).toBe('1200.50');
    expect((await auditOf(t.db, quoteId)).map((entry) => entry.action)).toEqual(['create', 'update']);
  });

  it('refuses a sent quote (409) and bad input (400), changing nothing', async () => {
    const { quoteId } = await draftQuote();
    for (const body of [
      { priceBreakdown: { items: [], currency: 'USD' } },
      { priceBreakdown: { items: [{ label: 'Capture', amount: -1 }], currency: 'USD' } },
      { priceBreakdown: DEFAULT_BREAKDOWN, validityUntil: '2001-01-01' },
      { priceBreakdown: DEFAULT_BREAKDOWN, sla: 'x\u0000' },
    ]) {
      const response = await admin.request('PATCH', `${API}/quotes/${quoteId}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await auditOf(t.db, quoteId)).toHaveLength(1);

    expect((await admin.post(`${API}/quotes/${quoteId}/send`)).statusCode).toBe(200);
    const before = await quoteRow(t.db, quoteId);
    const refused = await admin.request('PATCH', `${API}/quotes/${quoteId}`, {
      priceBreakdown: { items: [{ label: 'Capture', amount: 1 }], currency: 'USD' },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('Only a draft quote can be edited; this one is sent.');
    expect(await quoteRow(t.db, quoteId)).toEqual(before);
    expect(
      (await admin.request('PATCH', `${API}/quotes/${crypto.randomUUID()}`, { priceBreakdown: DEFAULT_BREAKDOWN }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /api/admin/quotes/:id/preview', () => {
  it("shows the customer's e-mail and the members it goes to; Send then e-mails exactly them", async () => {
    const { order, quoteId } = await draftQuote();
    const preview = await admin.get(`${API}/quotes/${quoteId}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      recipients: [customer.email, member.email].map((email) => email.toLowerCase()).sort(),
      subject: `Quote sent: ${order.title}`,
      intro: 'A quote is ready for your order. Sign in to the customer portal to accept or decline it.',
    });
    expect(preview.json().rows).toEqual(
      expect.arrayContaining([
        { label: 'Capture', value: '$1,000.00' },
        { label: 'Total', value: '$1,500.00' },
      ]),
    );
    // A preview sends nothing.
    expect(await outboxWithSubject(t.db, `Quote sent: ${order.title}`)).toEqual([]);
    expect((await admin.post(`${API}/quotes/${quoteId}/send`)).statusCode).toBe(200);
    const sent = await outboxWithSubject(t.db, `Quote sent: ${order.title}`);
    expect(sent.map((email) => email.to[0]).sort()).toEqual([...preview.json().recipients, COMPANY_EMAIL].sort());
  });
});

describe('the price book', () => {
  it('is saved whole by an admin (audited) and prefills a new quote for the order in the same currency', async () => {
    const saved = await admin.request('PUT', `${API}/price-book`, {
      entries: [
        { captureType: 'virtual-tour', spaceSize: 'medium', currency: 'usd', capture: 1800, processing: 650.25 },
        { captureType: 'virtual-tour', spaceSize: 'medium', currency: 'EUR', capture: 1700, processing: 600 },
        { captureType: 'floor-plan', spaceSize: 'small', currency: 'USD', capture: 300, processing: 100 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.get(`${API}/price-book`)).json().entries).toHaveLength(3);
    const [entry] = await auditOf(t.db, 'price_book');
    expect(entry).toMatchObject({ entity: 'price_book', action: 'update' });

    const order = await convertedOrder(t.app, admin, customer.orgId, {
      captureType: 'virtual-tour',
      spaceSize: 'medium',
    });
    const usd = await admin.get(`${API}/quotes/prefill?orderId=${order.id}&currency=USD`);
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json()).toEqual({
      captureType: 'virtual-tour',
      spaceSize: 'medium',
      items: [
        { label: 'Capture', amount: 1800 },
        { label: 'Processing', amount: 650.25 },
      ],
    });
    expect((await admin.get(`${API}/quotes/prefill?orderId=${order.id}&currency=EUR`)).json().items).toEqual([
      { label: 'Capture', amount: 1700 },
      { label: 'Processing', amount: 600 },
    ]);
    expect((await admin.get(`${API}/quotes/prefill?orderId=${order.id}&currency=GBP`)).json().items).toBeNull();
    const large = await convertedOrder(t.app, admin, customer.orgId, {
      captureType: 'virtual-tour',
      spaceSize: 'large',
    });
    expect((await admin.get(`${API}/quotes/prefill?orderId=${large.id}&currency=USD`)).json()).toMatchObject({
      spaceSize: 'large',
      items: null,
    });
  });

  it('refuses duplicates, unknown types and bad amounts, keeping the book as it was', async () => {
    const before = await t.db.select().from(schema.priceBookEntries);
    const entry = { captureType: 'virtual-tour', spaceSize: 'small', currency: 'USD', capture: 100, processing: 50 };
    for (const entries of [
      [entry, { ...entry, capture: 200 }],
      [{ ...entry, captureType: 'hologram' }],
      [{ ...entry, spaceSize: 'huge' }],
      [{ ...entry, capture: -5 }],
      [{ ...entry, currency: 'DOLLARS' }],
    ]) {
      const response = await admin.request('PUT', `${API}/price-book`, { entries });
      expect(response.statusCode, JSON.stringify(entries)).toBe(400);
    }
    const duplicate = await admin.request('PUT', `${API}/price-book`, { entries: [entry, { ...entry, capture: 200 }] });
    expect(Object.values(errorOf(duplicate).fields ?? {})).toContain(
      'Each capture type and size has one price per currency.',
    );
    expect(await t.db.select().from(schema.priceBookEntries)).toEqual(before);
    expect((await admin.get(`${API}/quotes/prefill?orderId=not-a-uuid&currency=USD`)).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    for (const caller of [customer.client, provider.client]) {
      expect((await caller.get(`${API}/price-book`)).statusCode).toBe(403);
      expect((await caller.request('PUT', `${API}/price-book`, { entries: [] })).statusCode).toBe(403);
      const { quoteId } = await draftQuote();
      expect((await caller.get(`${API}/quotes/${quoteId}/preview`)).statusCode).toBe(403);
      expect(
        (await caller.request('PATCH', `${API}/quotes/${quoteId}`, { priceBreakdown: DEFAULT_BREAKDOWN })).statusCode,
      ).toBe(403);
    }
  });
});
