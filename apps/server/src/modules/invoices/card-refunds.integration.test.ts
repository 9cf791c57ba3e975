import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { INVOICE_MESSAGES, type TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TSignedInUser } from '../../../test/accounts.ts';
import { TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../../../test/stripe-double.ts';
import { startStripeWithMock } from '../../../test/stripe-with-mock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { COMPANY_EMAIL, convertedOrder } from '../../../test/workflow.ts';
import { entriesOfOrder } from '../ledger/ledger-repository.ts';

/**
 * Refunds of card payments (decision 215) against stripe-stateful-mock: an admin's refund is made
 * at Stripe with the credit note's idempotency key, and booked once; Stripe's `charge.refunded`
 * for it books nothing more, while one for a refund made in Stripe's dashboard is booked once as a
 * credit note of its own; a refund Stripe refuses books nothing and leaves a failed note.
 * The card payment is recorded under the mock's charge (the mock has no payment intents; the card
 * adapter refunds a `ch_` reference by charge).
 */
let stripe: Awaited<ReturnType<typeof startStripeWithMock>>;
let t: TTestApp;
let admin: TClient;
let customer: TSignedInUser;

beforeAll(async () => {
  stripe = await startStripeWithMock();
  const created = await createTestAppWithAdmin({
    env: {
      COMPANY_EMAIL,
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  ({ t, admin } = created);
  customer = await created.newUser('customer_admin', { name: 'Card Refund Customer' });
  expect((await admin.request('PATCH', `/api/admin/customers/${customer.orgId}`, { currency: 'GBP' })).statusCode).toBe(
    200,
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

function deliver(event: unknown) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.double.sign(body) },
  });
}

/** Stripe's event for a charge as it now stands at the mock. */
async function refundedEvent(chargeId: string) {
  const charge = await stripe.stripe.charges.retrieve(chargeId);
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'charge.refunded',
    api_version: '2026-01-28',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: charge },
  };
}

/** An invoice of 1,500.00 GBP paid by card: the Checkout Session completed with a charge made at the mock. */
async function cardPaidInvoice(): Promise<{ invoice: TInvoiceView; charge: Stripe.Charge }> {
  const order = await convertedOrder(t.app, admin, customer.orgId, {
    location: `Card Quay ${randomUUID().slice(0, 6)}`,
  });
  const quote = await admin.post('/api/admin/quotes', {
    orderId: order.id,
    priceBreakdown: { items: [{ label: 'Capture', amount: 1500 }], currency: 'GBP' },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  expect((await admin.post(`/api/admin/quotes/${quote.json().id}/send`)).statusCode).toBe(200);
  expect((await customer.client.post(`/api/customer/quotes/${quote.json().id}/accept`)).statusCode).toBe(200);
  const invoice = ((await admin.get(`/api/admin/invoices?orderId=${order.id}`)).json().items as TInvoiceView[])[0]!;
  const started = await customer.client.post(`/api/customer/invoices/${invoice.id}/card-checkout`);
  expect(started.statusCode, started.body).toBe(200);
  const session = [...stripe.double.sessions.values()].find((candidate) => candidate.url === started.json().url)!;
  const charge = await stripe.stripe.charges.create({ amount: 150_000, currency: 'gbp', source: 'tok_visa' });
  session.payment_intent = charge.id;
  const paid = await deliver(stripe.double.completedEvent(session.id));
  expect(paid.json()).toEqual({ received: true, booked: true });
  const view = (await admin.get(`/api/admin/invoices/${invoice.id}`)).json() as TInvoiceView;
  expect(view).toMatchObject({ status: 'paid', payments: [expect.objectContaining({ reference: charge.id })] });
  return { invoice: view, charge };
}

function refund(invoiceId: string, amount: string, key = randomUUID()) {
  return admin.post(
    `/api/admin/invoices/${invoiceId}/refunds`,
    { amount, reason: 'Capture incomplete', reverseProviderShare: false },
    { headers: { 'idempotency-key': key } },
  );
}

async function refundEntries(orderId: string) {
  return (await entriesOfOrder(t.db, orderId)).filter(
    ({ entry, line }) => entry.kind === 'refund' && line.account === 'cash',
  );
}

describe('refunding a card payment', () => {
  it('refunds through Stripe once, and books its own charge.refunded echo as nothing more', async () => {
    const { invoice, charge } = await cardPaidInvoice();
    const key = randomUUID();
    const made = await refund(invoice.id, '400.00', key);
    expect(made.statusCode, made.body).toBe(201);
    const view = made.json() as TInvoiceView;
    expect(view).toMatchObject({ status: 'partly_refunded', refundedMinor: 40_000, refundableMinor: 110_000 });
    expect(view.creditNotes).toEqual([
      expect.objectContaining({ status: 'issued', methods: ['card'], totalMinor: 40_000 }),
    ]);
    expect(stripe.paths).toContain('POST /v1/refunds');
    expect((await stripe.stripe.charges.retrieve(charge.id)).amount_refunded).toBe(40_000);
    const stored = (await t.db.select().from(schema.creditNotes)).find((note) => note.id === view.creditNotes[0]!.id)!;
    expect(stored.allocations[0]!.processorRefundId).toMatch(/^re_/);

    // The retried request: Stripe is not asked to refund again, nothing more is booked.
    const replay = await refund(invoice.id, '400.00', key);
    expect(replay.statusCode).toBe(201);
    expect((await stripe.stripe.charges.retrieve(charge.id)).amount_refunded).toBe(40_000);

    // Stripe tells of the refund the platform made: already booked.
    const echo = await deliver(await refundedEvent(charge.id));
    expect(echo.statusCode, echo.body).toBe(200);
    expect(echo.json()).toEqual({ received: true, booked: false });
    expect((await refundEntries(invoice.order!.id)).map(({ line }) => line.amountMinor)).toEqual([-40_000]);
  });

  it("books a refund made in Stripe's dashboard once, as a credit note of its own", async () => {
    const { invoice, charge } = await cardPaidInvoice();
    await stripe.stripe.refunds.create({ charge: charge.id, amount: 25_000 });
    const event = await refundedEvent(charge.id);
    const booked = await deliver(event);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toEqual({ received: true, booked: true });
    // Replayed, or the same state told again in a new event: nothing more.
    expect((await deliver(event)).json()).toEqual({ received: true, booked: false });
    expect((await deliver(await refundedEvent(charge.id))).json()).toEqual({ received: true, booked: false });
    const view = (await admin.get(`/api/admin/invoices/${invoice.id}`)).json() as TInvoiceView;
    expect(view).toMatchObject({ status: 'partly_refunded', refundedMinor: 25_000 });
    expect(view.creditNotes).toEqual([
      expect.objectContaining({ source: 'stripe', status: 'issued', totalMinor: 25_000, methods: ['card'] }),
    ]);
    expect(view.creditNotes[0]!.number).toMatch(/^CN-\d{6}$/);
    expect((await refundEntries(invoice.order!.id)).map(({ line }) => line.amountMinor)).toEqual([-25_000]);
  });

  it('books nothing when Stripe refuses the refund, and leaves a failed note that holds nothing back', async () => {
    const { invoice, charge } = await cardPaidInvoice();
    // Refunded in the dashboard; its webhook has not arrived yet.
    await stripe.stripe.refunds.create({ charge: charge.id, amount: 20_000 });
    const entries = (await t.db.select().from(schema.ledgerEntries)).length;
    const key = randomUUID();
    const refused = await refund(invoice.id, '1500.00', key);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused).message).toContain('The refund was not made: Stripe refused the refund');
    expect((await t.db.select().from(schema.ledgerEntries)).length).toBe(entries);
    const view = (await admin.get(`/api/admin/invoices/${invoice.id}`)).json() as TInvoiceView;
    expect(view).toMatchObject({ status: 'paid', refundedMinor: 0, refundableMinor: 150_000 });
    expect(view.creditNotes).toEqual([expect.objectContaining({ status: 'failed', number: null })]);
    // The same request again answers with its failure.
    const again = await refund(invoice.id, '1500.00', key);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toContain(INVOICE_MESSAGES.refundFailed('').trim());
    // The dashboard's refund arrives and is booked.
    expect((await deliver(await refundedEvent(charge.id))).json()).toEqual({ received: true, booked: true });
    const after = (await admin.get(`/api/admin/invoices/${invoice.id}`)).json() as TInvoiceView;
    expect(after).toMatchObject({ refundedMinor: 20_000, refundableMinor: 130_000 });
  });
});
