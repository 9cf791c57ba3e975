import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { FORM_POSTS } from '@spacecapture/shared/form-posts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, type createSignedInUser, errorOf, type TClient, type TNewUser } from '../../../test/accounts.ts';
import { captureRequestInput } from '../../../test/public-forms.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL, orderRow } from '../../../test/workflow.ts';

/**
 * Places and preferred windows from the request forms (decision 140): the public capture request
 * (JSON and plain form post) and the customer portal's order request send a gazetteer place's id
 * or free text, and days and hours at the place; the order carries them, so an admin places only
 * what the form could not.
 */

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let customer: Awaited<ReturnType<typeof createSignedInUser>>;
let leeds: { id: string; label: string; timeZone: string };

/** A day a week ahead, as a date input gives it. */
const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL, PUBLIC_URL: APP_ORIGIN } }));
  customer = await newUser('customer_admin', { name: 'Placing Customer' });
  const found = await t.app.inject({ method: 'GET', url: '/api/places?q=leeds,%20england&limit=1' });
  expect(found.statusCode, found.body).toBe(200);
  leeds = found.json().items[0];
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function leadOf(id: string) {
  const [lead] = await t.db.select().from(schema.orderLeads).where(eq(schema.orderLeads.id, id));
  return lead!;
}

async function leadCount() {
  const [row] = await t.db.select({ n: count() }).from(schema.orderLeads);
  return row?.n ?? 0;
}

function submit(overrides: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/public/capture-requests', payload: captureRequestInput(overrides) });
}

async function convert(leadId: string) {
  const response = await admin.post(`/api/admin/leads/${leadId}/convert`, { customerOrgId: customer.orgId });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order as { id: string };
}

describe('the public capture request', () => {
  it('keeps the picked place and windows, and the converted order is placed with the windows in its zone', async () => {
    const response = await submit({
      location: leeds.label,
      placeId: leeds.id,
      preferredWindows: [{ date: inAWeek, from: '09:00', to: '12:00' }],
      accessNotes: 'Ring the bell at the loading bay.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const lead = await leadOf(response.json().id);
    // The confirmation lists the windows as given and the access notes.
    const [confirmation] = (await t.db.select().from(schema.outboxEmails)).filter((row) =>
      row.to.includes(lead.contact.email),
    );
    expect(confirmation?.text).toContain(`${inAWeek} 09:00–12:00`);
    expect(confirmation?.text).toContain('Ring the bell at the loading bay.');
    expect(lead.details).toMatchObject({
      place: { label: 'Leeds, England, GB', timeZone: 'Europe/London' },
      requestedWindows: [{ date: inAWeek, from: '09:00', to: '12:00' }],
      accessNotes: 'Ring the bell at the loading bay.',
    });

    const order = await orderRow(t.db, (await convert(lead.id)).id);
    expect(order.place).toMatchObject({ label: 'Leeds, England, GB', timeZone: 'Europe/London' });
    expect(order.accessNotes).toBe('Ring the bell at the loading bay.');
    const [window] = order.preferredWindows;
    // 09:00 in Leeds is 09:00 or 08:00 UTC depending on the season; three hours long either way.
    expect(
      new Date(window!.start).toLocaleString('en-GB', {
        timeZone: 'Europe/London',
        hour: '2-digit',
        minute: '2-digit',
      }),
    ).toBe('09:00');
    expect(Date.parse(window!.end) - Date.parse(window!.start)).toBe(3 * 3_600_000);

    // The admin's order view shows the place, the windows and the notes.
    const view = await admin.get(`/api/admin/orders/${order.id}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().order).toMatchObject({
      place: { label: 'Leeds, England, GB' },
      preferredWindows: [{ start: window!.start, end: window!.end }],
      accessNotes: 'Ring the bell at the loading bay.',
    });
  });

  it('refuses a place id the gazetteer does not know, naming the field, and stores nothing', async () => {
    const before = await leadCount();
    const response = await submit({ location: 'Leeds', placeId: 'AAAAAAAAAAAA' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ placeId: 'Choose the place from the list again.' });
    const malformed = await submit({ location: 'Leeds', placeId: 'not an id!' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).fields).toHaveProperty('placeId');
    expect(await leadCount()).toBe(before);
  });

  it('refuses windows that are past, out of order or too many, and stores nothing', async () => {
    const before = await leadCount();
    const past = await submit({ preferredWindows: [{ date: '2020-01-01', from: '09:00', to: '10:00' }] });
    expect(errorOf(past).fields).toEqual({ 'preferredWindows.0.date': 'Choose a date from today to a year ahead.' });
    const backwards = await submit({ preferredWindows: [{ date: inAWeek, from: '14:00', to: '10:00' }] });
    expect(errorOf(backwards).fields).toEqual({ 'preferredWindows.0.to': 'Working hours end after they start.' });
    const many = Array.from({ length: 6 }, () => ({ date: inAWeek, from: '09:00', to: '10:00' }));
    expect(errorOf(await submit({ preferredWindows: many })).fields).toEqual({
      preferredWindows: 'Give at most 5 preferred windows.',
    });
    expect(await leadCount()).toBe(before);
  });

  it('places free text naming exactly one place, and keeps text that names no town unplaced for an admin', async () => {
    const exact = await leadOf((await submit({ location: 'Leeds, GB' })).json().id);
    expect(exact.details.place).toMatchObject({ label: 'Leeds, England, GB' });
    expect(exact.details.place).not.toHaveProperty('matched');
    const address = await leadOf((await submit({ location: `12 Harbour Road ${randomUUID().slice(0, 6)}` })).json().id);
    expect(address.details.place).toBeNull();
    expect(address.details.requestedWindows).toEqual([]);
  });

  it('resolves a street address to the town it names, saying which part matched', async () => {
    const canterbury = await leadOf(
      (await submit({ location: '12 Harbour Street, Canterbury CT1 2AB, Kent' })).json().id,
    );
    expect(canterbury.details.place).toMatchObject({
      label: 'Canterbury, England, GB',
      timeZone: 'Europe/London',
      matched: 'Canterbury CT1 2AB',
    });
    // Of the towns that share a name, the one in the region or country the address names.
    const victoria = await leadOf((await submit({ location: '3 Station Street, Canterbury, Victoria' })).json().id);
    expect(victoria.details.place).toMatchObject({ label: 'Canterbury, Victoria, AU', matched: 'Canterbury' });
    const edinburgh = await leadOf((await submit({ location: '4 Harbour Road, Leith, Edinburgh, UK' })).json().id);
    expect(edinburgh.details.place).toMatchObject({ label: 'Edinburgh, Scotland, GB', matched: 'Edinburgh' });
  });

  it('takes the place as text and window rows from a plain form post', async () => {
    const fields = {
      name: 'Ada Lovelace',
      email: `ada.${randomUUID().slice(0, 8)}@example.com`,
      phone: '+44 20 7946 0958',
      companyName: '',
      spaceType: 'commercial',
      location: 'Leeds, England, GB',
      placeId: '',
      'preferredWindows.0.date': inAWeek,
      'preferredWindows.0.from': '13:00',
      'preferredWindows.0.to': '15:00',
      'preferredWindows.1.date': '',
      'preferredWindows.1.from': '',
      'preferredWindows.1.to': '',
      accessNotes: 'Side gate.',
      spaceSize: 'medium',
      captureType: 'virtual-tour',
      timeline: 'standard',
      additionalInfo: '',
      terms: 'on',
      website: '',
    };
    const response = await t.app.inject({
      method: 'POST',
      url: FORM_POSTS.captureRequest.action,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [lead] = await t.db
      .select()
      .from(schema.orderLeads)
      .where(
        eq(schema.orderLeads.contact, {
          name: 'Ada Lovelace',
          email: fields.email,
          phone: fields.phone,
          company: null,
        }),
      );
    expect(lead?.details).toMatchObject({
      place: { label: 'Leeds, England, GB' },
      requestedWindows: [{ date: inAWeek, from: '13:00', to: '15:00' }],
      accessNotes: 'Side gate.',
    });

    // A bad row is listed under its label and number, and nothing is stored.
    const before = await leadCount();
    const refused = await t.app.inject({
      method: 'POST',
      url: FORM_POSTS.captureRequest.action,
      payload: new URLSearchParams({ ...fields, 'preferredWindows.1.date': inAWeek }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Preferred from (2):');
    expect(await leadCount()).toBe(before);
  });
});

describe("the customer portal's order request", () => {
  function order(body: Record<string, unknown>) {
    return customer.client.post(
      '/api/customer/orders',
      {
        location: leeds.label,
        spaceType: 'commercial',
        spaceSize: 'medium',
        captureType: 'virtual-tour',
        timeline: 'standard',
        estimate: null,
        ...body,
      },
      { headers: { 'idempotency-key': randomUUID() } },
    );
  }

  it('places the order at once with its windows and access notes', async () => {
    const response = await order({
      placeId: leeds.id,
      preferredWindows: [{ date: inAWeek, from: '10:00', to: '11:30' }],
      accessNotes: 'Reception on the 2nd floor.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = await orderRow(t.db, response.json().id);
    expect(row.place).toMatchObject({ label: 'Leeds, England, GB', timeZone: 'Europe/London' });
    expect(row.preferredWindows).toHaveLength(1);
    expect(Date.parse(row.preferredWindows[0]!.end) - Date.parse(row.preferredWindows[0]!.start)).toBe(90 * 60_000);
    expect(row.accessNotes).toBe('Reception on the 2nd floor.');
  });

  it('refuses an unknown place id and makes no order', async () => {
    const [before] = await t.db.select({ n: count() }).from(schema.orders);
    const response = await order({ placeId: 'BBBBBBBBBBBB' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ placeId: 'Choose the place from the list again.' });
    const [after] = await t.db.select({ n: count() }).from(schema.orders);
    expect(after?.n).toBe(before?.n);
  });

  it('keeps the windows of an unplaced order until an admin places it, then reads them in its zone', async () => {
    const response = await order({
      location: `Unit 4 ${randomUUID().slice(0, 6)}, Business Park`,
      preferredWindows: [{ date: inAWeek, from: '08:00', to: '09:00' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    expect((await orderRow(t.db, id)).preferredWindows).toEqual([]);

    const placed = await admin.request('PUT', `/api/admin/orders/${id}/place`, {
      place: { label: 'Tokyo, Tokyo, JP', lat: 35.6895, lon: 139.6917, timeZone: 'Asia/Tokyo' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [window] = (await orderRow(t.db, id)).preferredWindows;
    // Tokyo keeps no daylight saving: 08:00 there is 23:00 UTC the day before.
    expect(window?.start).toBe(new Date(`${inAWeek}T08:00:00+09:00`).toISOString());
  });
});
