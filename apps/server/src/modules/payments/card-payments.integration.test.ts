import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import type { TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TSignedInUser } from '../../../test/accounts.ts';
import { captureLog } from '../../../test/log-capture.ts';
import { startStripeDouble, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../../../test/stripe-double.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { auditOf, COMPANY_EMAIL, convertedOrder } from '../../../test/workflow.ts';
import { entriesOfOrder } from '../ledger/ledger-repository.ts';

/**
 * Card payments through Stripe (decision 230): with Stripe's keys set the customer can pay an open
 * invoice by card on a Checkout Session made for its open balance; Stripe's signed
 * checkout.session.completed books the payment against the receivable and marks the invoice paid,
 * once per payment intent however often it is replayed; a forged signature books nothing. Stripe's
 * Checkout API is the test double of its documented shapes (stripe-stateful-mock has none).
 */

const { entries: logLines, stream: logStream } = captureLog<Record<string, unknown>>();
let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
let t: TTestApp;
let admin: TClient;
let customer: TSignedInUser;
let other: TSignedInUser;

beforeAll(async () => {
  stripe = await startStripeDouble();
  const created = await createTestAppWithAdmin({
    env: {
      COMPANY_EMAIL,
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
    logger: { level: 'info', stream: logStream },
  });
  ({ t, admin } = created);
  const { newUser } = created;
  customer = await newUser('customer_admin', { name: 'Card Customer' });
  other = await newUser('customer_admin', { name: 'Other Card Customer' });
  expect((await admin.request('PATCH', `/api/admin/customers/${customer.orgId}`, { currency: 'GBP' })).statusCode).toBe(
    200,
  );
}, 90_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** An open invoice of 1,500.00 GBP (no tax: the buyer has no country) issued at the quote's acceptance. */
async function openInvoice(): Promise<TInvoiceView> {
  const order = await convertedOrder(t.app, admin, customer.orgId, { location: `Pier ${randomUUID().slice(0, 6)}` });
  const created = await admin.post('/api/admin/quotes', {
    orderId: order.id,
    priceBreakdown: { items: [{ label: 'Capture', amount: 1500 }], currency: 'GBP' },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect((await admin.post(`/api/admin/quotes/${created.json().id}/send`)).statusCode).toBe(200);
  expect((await customer.client.post(`/api/customer/quotes/${created.json().id}/accept`)).statusCode).toBe(200);
  const listed = await admin.get(`/api/admin/invoices?orderId=${order.id}`);
  return (listed.json().items as TInvoiceView[])[0]!;
}

function deliver(body: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}

/** The customer starts a card payment: the Checkout Session the double made for it. */
async function checkout(invoice: TInvoiceView) {
  const started = await customer.client.post(`/api/customer/invoices/${invoice.id}/card-checkout`);
  expect(started.statusCode, started.body).toBe(200);
  const url = started.json().url as string;
  const session = [...stripe.sessions.values()].find((candidate) => candidate.url === url);
  expect(session).toBeDefined();
  return session!;
}

async function cashOf(orderId: string) {
  return (await entriesOfOrder(t.db, orderId)).filter(({ line }) => line.account === 'cash');
}

describe('paying an invoice by card', () => {
  it('offers card payment on an open invoice and makes a Checkout Session for its open balance', async () => {
    const invoice = await openInvoice();
    expect(invoice).toMatchObject({ status: 'open', totalMinor: 150_000, payByCard: true });
    const mine = await customer.client.get(`/api/customer/invoices/${invoice.id}`);
    expect(mine.json().payByCard).toBe(true);

    const session = await checkout(invoice);
    expect(session).toMatchObject({
      amount_total: 150_000,
      currency: 'gbp',
      client_reference_id: invoice.id,
      metadata: { invoiceId: invoice.id },
    });
    expect(session.success_url).toMatch(new RegExp(`/customer/quotes\\?invoice=${invoice.quoteId}&card=paid$`));
    const sent = stripe.requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe(`Bearer ${TEST_SECRET_KEY}`);
    expect(sent.idempotencyKey).toBe(`checkout:${invoice.id}:150000`);

    // Another organisation's invoice is not found, and nothing is asked of Stripe.
    const asked = stripe.requests.length;
    const foreign = await other.client.post(`/api/customer/invoices/${invoice.id}/card-checkout`);
    expect(foreign.statusCode).toBe(404);
    expect(stripe.requests.length).toBe(asked);
  });

  it('books the signed completion once, marks the invoice paid and tells the customer', async () => {
    const invoice = await openInvoice();
    const session = await checkout(invoice);
    const event = stripe.completedEvent(session.id);
    const body = JSON.stringify(event);

    const first = await deliver(body, stripe.sign(body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, booked: true });

    const paid = (await admin.get(`/api/admin/invoices/${invoice.id}`)).json() as TInvoiceView;
    expect(paid).toMatchObject({ status: 'paid', paidMinor: 150_000, openMinor: 0, payByCard: false });
    expect(paid.payments).toEqual([
      expect.objectContaining({
        method: 'card',
        amountMinor: 150_000,
        reference: session.payment_intent ?? event.data.object.payment_intent,
      }),
    ]);
    expect((await cashOf(invoice.order!.id)).map(({ line }) => line.amountMinor)).toEqual([150_000]);
    expect((await auditOf(t.db, invoice.id)).map((entry) => entry.action)).toEqual(['issue', 'record_payment']);
    const emails = (await t.db.select().from(schema.outboxEmails)).filter((email) =>
      email.subject.includes(invoice.number),
    );
    expect(emails.some((email) => email.to.includes(customer.email) && /paid/i.test(email.subject))).toBe(true);

    // Replayed as is, and as a new event for the same payment intent: nothing more is booked.
    const replay = await deliver(body, stripe.sign(body));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, booked: false });
    const again = JSON.stringify({ ...event, id: `evt_${randomUUID().replaceAll('-', '')}` });
    expect((await deliver(again, stripe.sign(again))).json()).toEqual({ received: true, booked: false });
    expect(await cashOf(invoice.order!.id)).toHaveLength(1);
    const after = (await admin.get(`/api/admin/invoices/${invoice.id}`)).json() as TInvoiceView;
    expect(after.payments).toHaveLength(1);

    // A paid invoice offers no card payment.
    const refused = await customer.client.post(`/api/customer/invoices/${invoice.id}/card-checkout`);
    expect(refused.statusCode).toBe(409);
  });

  it('refuses a forged, missing or stale signature and a tampered body with 400, booking nothing', async () => {
    const invoice = await openInvoice();
    const session = await checkout(invoice);
    const body = JSON.stringify(stripe.completedEvent(session.id));
    const tampered = body.replace('"amount_total":150000', '"amount_total":1');
    const stale = stripe.sign(body).replace(/t=\d+/, `t=${Math.floor(Date.now() / 1000) - 3600}`);
    for (const [payload, signature] of [
      [body, stripe.sign(body, 'whsec_someone_else')],
      [body, undefined],
      [body, 't=1,v1=deadbeef'],
      [tampered, stripe.sign(body)],
      [body, stale],
    ] as const) {
      const refused = await deliver(payload, signature);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toBe('The webhook signature does not match.');
    }
    expect(await cashOf(invoice.order!.id)).toHaveLength(0);
    expect(((await admin.get(`/api/admin/invoices/${invoice.id}`)).json() as TInvoiceView).status).toBe('open');
  });

  it('acknowledges events it does not act on without booking', async () => {
    const body = JSON.stringify({
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const answered = await deliver(body, stripe.sign(body));
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ received: true, booked: false });
  });

  it('never writes the secret key or the signing secret to the log', () => {
    const logged = JSON.stringify(logLines);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged).not.toContain(TEST_SECRET_KEY);
    expect(logged).not.toContain(TEST_WEBHOOK_SECRET);
  });
});
