import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { quoteCurrencyMismatch, WORKFLOW_MESSAGES } from '@spacecapture/shared/contracts/admin-workflow';
import { UNIT_SYSTEM_MESSAGE } from '@spacecapture/shared/units';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, latestEmail, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { auditOf, COMPANY_EMAIL, convertedOrder, DEFAULT_BREAKDOWN, orderRow } from '../../../test/workflow.ts';

/**
 * One currency per order, one unit system per organisation (decision 203): an admin sets a
 * customer organisation's default currency; each order takes it when made and keeps it; its quotes
 * are refused in any other; the provider's compensation is shown and e-mailed in it.
 */

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let owner: TSignedInUser;
let member: TSignedInUser;
let provider: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL, PUBLIC_URL: APP_ORIGIN } }));
  owner = await newUser('customer_admin', { name: `Thames Estates ${randomUUID().slice(0, 6)}` });
  member = await newUser('customer_user', { id: owner.orgId });
  provider = await newUser('provider_admin', { name: `Kent Scans ${randomUUID().slice(0, 6)}` });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

function patch(client: TClient, url: string, body: unknown) {
  return client.request('PATCH', url, body);
}

async function organizationRow(id: string) {
  const [row] = await t.db.select().from(schema.organizations).where(eq(schema.organizations.id, id));
  return row!;
}

async function quotesOf(orderId: string) {
  const [row] = await t.db.select({ n: count() }).from(schema.quotes).where(eq(schema.quotes.orderId, orderId));
  return row?.n ?? 0;
}

function portalOrder(client: TClient) {
  return client.post(
    '/api/customer/orders',
    {
      location: `7 Mill Lane ${randomUUID().slice(0, 6)}, Canterbury`,
      spaceType: 'commercial',
      spaceSize: 'medium',
      captureType: 'virtual-tour',
      timeline: 'standard',
      estimate: null,
    },
    { headers: { 'idempotency-key': randomUUID() } },
  );
}

describe('a customer organisation’s currency and unit system', () => {
  it('start as USD and imperial, and an admin sets them, audited', async () => {
    const before = (await admin.get(`/api/admin/customers/${owner.orgId}`)).json();
    expect(before.customer).toMatchObject({ currency: 'USD', unitSystem: 'imperial' });

    const saved = await patch(admin, `/api/admin/customers/${owner.orgId}`, { currency: 'gbp', unitSystem: 'metric' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().customer).toMatchObject({ currency: 'GBP', unitSystem: 'metric' });
    const [entry] = (await auditOf(t.db, owner.orgId)).filter((row) => row.action === 'update_settings');
    expect(entry).toMatchObject({
      before: { currency: 'USD', unitSystem: 'imperial' },
      after: { currency: 'GBP', unitSystem: 'metric' },
    });
    // The members read them with their profile.
    expect((await member.client.me()).body.organization).toMatchObject({ currency: 'GBP', unitSystem: 'metric' });
  });

  it('refuses a bad currency or unit system with the field’s message and changes nothing', async () => {
    for (const [body, field, message] of [
      [{ currency: 'POUNDS' }, 'currency', WORKFLOW_MESSAGES.currency],
      [{ currency: 'G1P' }, 'currency', WORKFLOW_MESSAGES.currency],
      [{ unitSystem: 'nautical' }, 'unitSystem', UNIT_SYSTEM_MESSAGE],
    ] as const) {
      const refused = await patch(admin, `/api/admin/customers/${owner.orgId}`, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.fields).toMatchObject({ [field]: message });
    }
    expect(await organizationRow(owner.orgId)).toMatchObject({ currency: 'GBP', unitSystem: 'metric' });
    // A provider organisation has no such settings here.
    expect((await patch(admin, `/api/admin/customers/${provider.orgId}`, { currency: 'EUR' })).statusCode).toBe(404);
    // Nobody but an admin sets the currency.
    expect((await patch(owner.client, `/api/admin/customers/${owner.orgId}`, { currency: 'EUR' })).statusCode).toBe(
      403,
    );
  });

  it('lets the customer’s owner set the unit system, not the currency; a member neither', async () => {
    const set = await patch(owner.client, '/api/customer/organization', { unitSystem: 'imperial' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ currency: 'GBP', unitSystem: 'imperial' });
    // A currency alone is no change the customer may make: refused, nothing changed.
    const currency = await patch(owner.client, '/api/customer/organization', { currency: 'EUR' });
    expect(currency.statusCode, currency.body).toBe(400);
    expect((await patch(member.client, '/api/customer/organization', { unitSystem: 'metric' })).statusCode).toBe(403);
    expect(await organizationRow(owner.orgId)).toMatchObject({ currency: 'GBP', unitSystem: 'imperial' });
    const back = await patch(owner.client, '/api/customer/organization', { unitSystem: 'metric' });
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('an order’s currency', () => {
  it('is the organisation’s when the order is made, from the portal or from a lead, and stays', async () => {
    const ordered = await portalOrder(member.client);
    expect(ordered.statusCode, ordered.body).toBe(201);
    const converted = await convertedOrder(t.app, admin, owner.orgId);
    expect((await orderRow(t.db, ordered.json().id)).currency).toBe('GBP');
    expect((await orderRow(t.db, converted.id)).currency).toBe('GBP');
    expect((await admin.get(`/api/admin/orders/${converted.id}`)).json().order.currency).toBe('GBP');

    // A later change of the organisation's default is for new orders only.
    expect((await patch(admin, `/api/admin/customers/${owner.orgId}`, { currency: 'EUR' })).statusCode).toBe(200);
    const later = await convertedOrder(t.app, admin, owner.orgId);
    expect((await orderRow(t.db, later.id)).currency).toBe('EUR');
    expect((await orderRow(t.db, converted.id)).currency).toBe('GBP');
    expect((await patch(admin, `/api/admin/customers/${owner.orgId}`, { currency: 'GBP' })).statusCode).toBe(200);
  });

  it('refuses a quote in another currency with a field message, and takes one in its own', async () => {
    const order = await convertedOrder(t.app, admin, owner.orgId);
    const refused = await admin.post('/api/admin/quotes', {
      orderId: order.id,
      priceBreakdown: { ...DEFAULT_BREAKDOWN, currency: 'USD' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toEqual({ 'priceBreakdown.currency': quoteCurrencyMismatch('GBP', 'USD') });
    expect(await quotesOf(order.id)).toBe(0);

    const created = await admin.post('/api/admin/quotes', {
      orderId: order.id,
      priceBreakdown: { ...DEFAULT_BREAKDOWN, currency: 'GBP' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ currency: 'GBP', total: 1500 });
  });

  it('is the compensation’s: in the offer, the provider’s job list and the e-mail to the provider', async () => {
    const order = await convertedOrder(t.app, admin, owner.orgId);
    const offered = await admin.post('/api/admin/assignments', {
      orderId: order.id,
      providerOrgId: provider.orgId,
      compensation: 700,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    expect(offered.json()).toMatchObject({ compensation: 700, currency: 'GBP' });

    const jobs = (await provider.client.get('/api/provider/assignments')).json().items;
    expect(jobs.find((job: { orderId: string }) => job.orderId === order.id)).toMatchObject({
      compensation: 700,
      currency: 'GBP',
    });
    const queue = (await admin.get('/api/admin/assignments/queue')).json().items;
    expect(queue.find((item: { order: { id: string } }) => item.order.id === order.id)?.latestAssignment).toMatchObject(
      { compensation: 700, currency: 'GBP' },
    );

    const email = await latestEmail(t.db, provider.email, 'New job offer');
    expect(email.text).toContain('£700.00');
    expect(email.text).not.toContain('$');
  });
});

describe('areas in the organisation’s unit system', () => {
  it('takes a size in square feet, estimates from the timeline, and gives the size back as typed', async () => {
    expect((await patch(owner.client, '/api/customer/organization', { unitSystem: 'imperial' })).statusCode).toBe(200);
    const ordered = await member.client.post(
      '/api/customer/orders',
      {
        location: `9 Quay Street ${randomUUID().slice(0, 6)}, Bristol`,
        spaceType: 'commercial',
        spaceSize: 'medium',
        captureType: 'virtual-tour',
        timeline: 'urgent',
        estimate: { squareFeet: 1615, locationType: 'urban' },
      },
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(ordered.statusCode, ordered.body).toBe(201);
    // 1,615 sq ft is 150 m²: commercial 305, urban × 1.1, urgent (the timeline's) × 1.5 → 503; 453 - 553.
    expect(ordered.json().estimate).toMatchObject({
      squareMeters: 150,
      squareFeet: 1615,
      urgency: 'urgent',
      low: 453,
      high: 553,
    });
    const id = ordered.json().id as string;
    // The admins read the estimate in the order's currency, with the size as typed.
    const email = await latestEmail(t.db, COMPANY_EMAIL, `New order from ${(await organizationRow(owner.orgId)).name}`);
    expect(email.text).toContain('£453 - £553');
    expect(email.text).toContain('150 m² (1,615 sq ft as typed)');
    const detail = (await member.client.get(`/api/customer/orders/${id}`)).json();
    expect(detail).toMatchObject({ currency: 'GBP', area: { squareMeters: 150, squareFeet: 1615 } });
    const again = (await member.client.get(`/api/customer/orders/${id}/order-again`)).json();
    expect(again.values.estimate).toMatchObject({ squareMeters: 150, squareFeet: 1615, locationType: 'urban' });
    expect((await patch(owner.client, '/api/customer/organization', { unitSystem: 'metric' })).statusCode).toBe(200);
  });

  it('refuses a size given in both units, or in neither, and creates nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(schema.orders);
    for (const estimate of [
      { squareMeters: 150, squareFeet: 1615, locationType: 'urban' },
      { locationType: 'urban' },
      { squareFeet: 0, locationType: 'urban' },
    ]) {
      const refused = await member.client.post(
        '/api/customer/orders',
        {
          location: '9 Quay Street, Bristol',
          spaceType: 'commercial',
          spaceSize: 'medium',
          captureType: 'virtual-tour',
          timeline: 'standard',
          estimate,
        },
        { headers: { 'idempotency-key': randomUUID() } },
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json().error.fields ?? {})[0]).toMatch(/^estimate\.square(Meters|Feet)$/);
    }
    const [after] = await t.db.select({ n: count() }).from(schema.orders);
    expect(after?.n).toBe(before?.n);
  });
});
