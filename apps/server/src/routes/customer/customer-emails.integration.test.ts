import { randomUUID } from 'node:crypto';
import { formatPlaceWindow } from '@spacecapture/shared/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL, convertedOrder, outboxWithSubject } from '../../../test/workflow.ts';

/**
 * What the customer organisation is told by e-mail (issue 5): every member gets the sent quote
 * with its total and the link to answer it, and the confirmed capture window. Nobody outside the
 * organisation gets the customer's copy.
 */

const ADMIN = '/api/admin';
/** The app's public address (the default, which the test clients' Origin matches). */
const PUBLIC_URL = APP_ORIGIN;

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let owner: TSignedInUser;
let colleague: TSignedInUser;
let outsider: TSignedInUser;
let provider: TSignedInUser;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL, PUBLIC_URL } }));
  owner = await newUser('customer_admin', { name: 'Mailed Customer' });
  colleague = await newUser('customer_user', { id: owner.orgId });
  outsider = await newUser('customer_admin', { name: 'Unrelated Customer' });
  provider = await newUser('provider_admin', { name: 'Mailed Scans' });
  // The organisation pays in euros: its orders, and so their quotes, are in euros (decision 203).
  const euros = await admin.request('PATCH', `${ADMIN}/customers/${owner.orgId}`, { currency: 'EUR' });
  expect(euros.statusCode, euros.body).toBe(200);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

async function createOrder() {
  // A site that names no town the gazetteer knows: the order stays unplaced and its times read in UTC.
  return convertedOrder(t.app, admin, owner.orgId, { location: `Unit ${randomUUID().slice(0, 6)}, Riverside Works` });
}

async function sendQuote(orderId: string) {
  const created = await admin.post(`${ADMIN}/quotes`, {
    orderId,
    priceBreakdown: {
      items: [
        { label: 'Capture', amount: 1200 },
        { label: 'Floor plan drafting', amount: 345.5 },
      ],
      currency: 'EUR',
    },
    sla: 'Standard SLA: 5 business days after capture',
  });
  expect(created.statusCode, created.body).toBe(201);
  const quoteId = created.json().id as string;
  const sent = await admin.post(`${ADMIN}/quotes/${quoteId}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  return quoteId;
}

describe('e-mails to the customer organisation', () => {
  it('sends each member the quote with the order, items, total and the link to /customer/quotes', async () => {
    const order = await createOrder();
    await sendQuote(order.id);

    const emails = await outboxWithSubject(t.db, `Quote sent: ${order.title}`);
    const recipients = emails.map((email) => email.to[0]).sort();
    expect(recipients).toEqual([COMPANY_EMAIL, colleague.email, owner.email].sort());
    expect(recipients).not.toContain(outsider.email);
    expect(recipients).not.toContain(provider.email);

    for (const member of [owner, colleague]) {
      const email = emails.find((row) => row.to[0] === member.email);
      expect(email?.to).toEqual([member.email]);
      for (const body of [email!.text, email!.html]) {
        expect(body).toContain(order.title);
        expect(body).toContain('€1,545.50');
        expect(body).toContain('Floor plan drafting');
        expect(body).toContain(`${PUBLIC_URL}/customer/quotes`);
      }
    }
    // The company's copy points admins at their own list, not the customer portal.
    const companyCopy = emails.find((row) => row.to[0] === COMPANY_EMAIL);
    expect(companyCopy?.text).toContain(`${PUBLIC_URL}/admin/quotes`);
    expect(companyCopy?.text).not.toContain('/customer/quotes');
  });

  it('tells every member the confirmed capture window once the admin confirms the schedule', async () => {
    const order = await createOrder();
    const quoteId = await sendQuote(order.id);
    const accepted = await colleague.client.post(`/api/customer/quotes/${quoteId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const offered = await admin.post(`${ADMIN}/assignments`, {
      orderId: order.id,
      providerOrgId: provider.orgId,
      compensation: 500,
    });
    expect(offered.statusCode, offered.body).toBe(201);
    const assignmentId = offered.json().id as string;
    const acceptedOffer = await provider.client.post(`/api/provider/assignments/${assignmentId}/accept`);
    expect(acceptedOffer.statusCode, acceptedOffer.body).toBe(200);
    const start = '2999-04-06T09:00:00.000Z';
    const end = '2999-04-06T15:30:00.000Z';
    const proposed = await provider.client.post(`/api/provider/assignments/${assignmentId}/schedule`, { start, end });
    expect(proposed.statusCode, proposed.body).toBe(200);
    // The proposal goes to the admins only; the customer hears once the window is confirmed.
    expect((await outboxWithSubject(t.db, `Schedule proposed: ${order.title}`)).map((row) => row.to[0])).toEqual([
      COMPANY_EMAIL,
    ]);
    expect(await outboxWithSubject(t.db, `Schedule confirmed: ${order.title}`)).toEqual([]);

    const confirmed = await admin.post(`${ADMIN}/assignments/${assignmentId}/confirm-schedule`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const emails = await outboxWithSubject(t.db, `Schedule confirmed: ${order.title}`);
    const recipients = emails.map((email) => email.to[0]);
    expect(recipients).toEqual(expect.arrayContaining([owner.email, colleague.email]));
    expect(recipients).not.toContain(outsider.email);
    for (const member of [owner, colleague]) {
      const email = emails.find((row) => row.to[0] === member.email);
      expect(email?.to).toEqual([member.email]);
      expect(email!.text).toContain(order.title);
      // At the place's time, its zone named (decision 141); an unplaced order is in UTC.
      expect(email!.text).toContain(formatPlaceWindow(start, end, 'UTC'));
    }
  });
});
