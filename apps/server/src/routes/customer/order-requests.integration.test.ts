import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  auditOf,
  COMPANY_EMAIL,
  convertedOrder,
  DEFAULT_BREAKDOWN,
  jobEventsOf,
  orderRow,
  outboxWithSubject,
} from '../../../test/workflow.ts';

/**
 * A customer orders from the portal (issue 17 item 2): the order exists at once for the caller's
 * organisation, awaiting its quote, with its job event, audit entry and the admins' e-mail; the
 * estimate is the server's own; "Order again" reads only the organisation's own orders; bad input
 * and a repeated key change nothing.
 */

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let owner: TSignedInUser;
let colleague: TSignedInUser;
let outsider: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL, PUBLIC_URL: APP_ORIGIN } }));
  owner = await newUser('customer_admin', { name: 'Ordering Customer' });
  colleague = await newUser('customer_user', { id: owner.orgId });
  outsider = await newUser('customer_admin', { name: 'Other Customer' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

function requestBody(overrides: Record<string, unknown> = {}) {
  return {
    location: `4 Harbour Road ${randomUUID().slice(0, 6)}, Leith`,
    spaceType: 'commercial',
    spaceSize: 'medium',
    captureType: 'virtual-tour',
    timeline: 'standard',
    additionalInfo: 'Keys at reception.',
    contactPhone: '+44 131 496 0000',
    // commercial 200 + 0.7 × 150 = 305, urban × 1.1, priority × 1.2 → 402.6 → 403; 363 - 443.
    estimate: { squareMeters: 150, locationType: 'urban', urgency: 'priority' },
    ...overrides,
  };
}

function order(client: TClient, body: unknown, key = randomUUID()) {
  return client.post('/api/customer/orders', body, { headers: { 'idempotency-key': key } });
}

async function countOf(table: typeof schema.orders | typeof schema.auditLog | typeof schema.outboxEmails) {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function counts() {
  return {
    orders: await countOf(schema.orders),
    audit: await countOf(schema.auditLog),
    outbox: await countOf(schema.outboxEmails),
  };
}

describe('POST /api/customer/orders', () => {
  it("creates the organisation's order awaiting its quote, with its job event, audit entry and the admins' e-mail", async () => {
    const body = requestBody();
    const response = await order(colleague.client, { ...body, customerOrgId: outsider.orgId });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      title: `Virtual Tour — Commercial, ${body.location}`,
      status: 'triage',
      displayStatus: 'pending',
      estimate: { price: 403, low: 363, high: 443, turnaroundDays: 3, suggestedDevice: 'PRO', squareMeters: 150 },
    });

    // The caller's organisation, whatever the body says; what was asked is kept with the order.
    const row = await orderRow(t.db, created.id);
    expect(row.customerOrgId).toBe(owner.orgId);
    expect(row.leadId).toBeNull();
    expect(row.preferredDates).toEqual({ timeline: 'standard', notes: 'Keys at reception.', windows: [] });
    expect(row.requestDetails).toMatchObject({
      source: 'portal',
      spaceType: 'commercial',
      spaceSize: 'medium',
      contact: { userId: colleague.userId, email: colleague.email, phone: '+44 131 496 0000' },
      estimate: { low: 363, high: 443, locationType: 'urban', urgency: 'priority' },
      sourceOrderId: null,
    });

    const events = await jobEventsOf(t.db, created.id);
    expect(events.map((event) => [event.type, event.metadata.to, event.actorUserId])).toEqual([
      ['status_change', 'triage', colleague.userId],
    ]);
    const audit = await auditOf(t.db, created.id);
    expect(audit.map((entry) => [entry.entity, entry.action, entry.actorUserId])).toEqual([
      ['order', 'create', colleague.userId],
    ]);

    const emails = await outboxWithSubject(t.db, `New order from Ordering Customer: ${created.title}`);
    expect(emails.map((email) => email.to)).toEqual([[COMPANY_EMAIL]]);
    for (const part of [emails[0]!.text, emails[0]!.html]) {
      expect(part).toContain(colleague.email);
      expect(part).toContain('Medium (1,000-5,000 sq ft)');
      expect(part).toContain('$363 - $443');
    }
    expect(emails[0]!.text).toContain(`${APP_ORIGIN}/admin/orders?order=${created.id}`);

    // The customer sees it among their orders; the admin can quote it.
    const list = (await owner.client.get('/api/customer/orders')).json();
    expect(list.items.map((item: { id: string }) => item.id)).toContain(created.id);
    const queue = (await admin.get('/api/admin/assignments/queue?limit=100')).json();
    const queued = queue.items.find((item: { order: { id: string } }) => item.order.id === created.id);
    expect(queued?.order.request.estimate).toMatchObject({ low: 363, high: 443 });
    const quote = await admin.post('/api/admin/quotes', { orderId: created.id, priceBreakdown: DEFAULT_BREAKDOWN });
    expect(quote.statusCode, quote.body).toBe(201);
    expect((await admin.post(`/api/admin/quotes/${quote.json().id}/send`)).statusCode).toBe(200);
    expect((await orderRow(t.db, created.id)).status).toBe('quoted');
  });

  it('orders without an estimate when none is given', async () => {
    const response = await order(owner.client, requestBody({ estimate: null, contactPhone: '' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().estimate).toBeNull();
    expect((await orderRow(t.db, response.json().id)).requestDetails).toMatchObject({
      estimate: null,
      contact: { phone: null },
    });
  });

  it('answers a repeat with the same Idempotency-Key with the first order, and makes only one', async () => {
    const key = randomUUID();
    const body = requestBody();
    const first = await order(owner.client, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const before = await counts();
    const again = await order(owner.client, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);

    const changed = await order(owner.client, { ...body, timeline: 'urgent' }, key);
    expect(changed.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['no location', { location: ' ' }, 'location', 'Location is required.'],
    ['an unknown space type', { spaceType: 'castle' }, 'spaceType', 'Please select a space type.'],
    ['no capture type', { captureType: '' }, 'captureType', 'Please select what you need.'],
    ['a short phone', { contactPhone: '12' }, 'contactPhone', 'Please enter a valid phone number.'],
    [
      'a fractional size',
      { estimate: { squareMeters: 12.5, locationType: 'urban', urgency: 'standard' } },
      'estimate.squareMeters',
      'Please enter the size as a whole number of square meters.',
    ],
    [
      'an unknown urgency',
      { estimate: { squareMeters: 120, locationType: 'urban', urgency: 'yesterday' } },
      'estimate.urgency',
      'Please select an urgency.',
    ],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_name, change, field, message) => {
    const before = await counts();
    const response = await order(owner.client, requestBody(change));
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).fields?.[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });
});

describe('Order again', () => {
  it('fills the form from a past order made in the portal, and records which order it repeats', async () => {
    const body = requestBody({ spaceType: 'retail', spaceSize: 'large', captureType: 'point-cloud' });
    const past = (await order(owner.client, body)).json();

    const again = await colleague.client.get(`/api/customer/orders/${past.id}/order-again`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      sourceOrder: { id: past.id, title: past.title },
      values: {
        location: body.location,
        spaceType: 'retail',
        spaceSize: 'large',
        captureType: 'point-cloud',
        timeline: 'standard',
        additionalInfo: 'Keys at reception.',
        contactPhone: '+44 131 496 0000',
        estimate: { squareMeters: 150, squareFeet: null, locationType: 'urban', urgency: 'priority' },
      },
    });

    const repeated = await order(colleague.client, { ...again.json().values, sourceOrderId: past.id });
    expect(repeated.statusCode, repeated.body).toBe(201);
    expect((await orderRow(t.db, repeated.json().id)).requestDetails?.sourceOrderId).toBe(past.id);
    // Both orders have the same title: the e-mail of the repeat is the one linking to it.
    const emails = await outboxWithSubject(t.db, `New order from Ordering Customer: ${repeated.json().title}`);
    const email = emails.find((row) => row.text.includes(`?order=${repeated.json().id}`));
    expect(email?.text).toContain(`Order again of: ${past.title}`);
  });

  it('fills the form from an order that came from a lead, with the details the lead kept', async () => {
    const past = await convertedOrder(t.app, admin, owner.orgId, {
      spaceType: 'industrial',
      spaceSize: 'xlarge',
      timeline: 'flexible',
    });

    const again = await owner.client.get(`/api/customer/orders/${past.id}/order-again`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().values).toMatchObject({
      location: past.location,
      spaceType: 'industrial',
      spaceSize: 'xlarge',
      timeline: 'flexible',
      estimate: null,
    });
  });

  it("refuses another organisation's order, to read or to repeat, and writes nothing", async () => {
    const theirs = (await order(outsider.client, requestBody())).json();
    const read = await owner.client.get(`/api/customer/orders/${theirs.id}/order-again`);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain(theirs.title);

    const before = await counts();
    const repeated = await order(owner.client, requestBody({ sourceOrderId: theirs.id }));
    expect(repeated.statusCode).toBe(404);
    expect(errorOf(repeated).fields?.sourceOrderId).toBe('The order to repeat was not found.');
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/customer/sites', () => {
  it("lists the organisation's own addresses once each, the most recently used first", async () => {
    const location = `Unit 9 Dock Street ${randomUUID().slice(0, 6)}, Dundee`;
    await order(owner.client, requestBody({ location: `${location} (old)` }));
    await order(owner.client, requestBody({ location }));
    await order(colleague.client, requestBody({ location }));
    const theirs = `Somewhere Else ${randomUUID().slice(0, 6)}`;
    await order(outsider.client, requestBody({ location: theirs }));

    const sites = (await owner.client.get('/api/customer/sites')).json().items as { location: string }[];
    const names = sites.map((site) => site.location);
    expect(names[0]).toBe(location);
    expect(names.filter((name) => name === location)).toHaveLength(1);
    expect(names).toContain(`${location} (old)`);
    expect(names).not.toContain(theirs);
    const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.location, theirs));
    expect(row?.customerOrgId).toBe(outsider.orgId);
  });
});
