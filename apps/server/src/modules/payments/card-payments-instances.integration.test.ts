import { randomUUID } from 'node:crypto';
import type { TInvoiceView } from '@spacecapture/shared/contracts/invoices';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSignedInAdmin, createSignedInUser, type TClient, type TSignedInUser } from '../../../test/accounts.ts';
import { startStripeDouble, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from '../../../test/stripe-double.ts';
import { createTwoInstances } from '../../../test/two-instances.ts';
import { convertedOrder } from '../../../test/workflow.ts';
import { entriesOfOrder, unbalancedEntries } from '../ledger/ledger-repository.ts';

/**
 * One payment, one booking, whichever instance hears of it (decision 230): two instances on one
 * database (on PostgreSQL each with its own pool) receive the same signed
 * checkout.session.completed at the same moment, as Stripe may deliver it twice behind a load
 * balancer. The ledger holds one cash entry, the invoice one payment, and it is paid once.
 */

let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
let instances: Awaited<ReturnType<typeof createTwoInstances>>;
let admin: TClient;
let customer: TSignedInUser;

beforeAll(async () => {
  stripe = await startStripeDouble();
  instances = await createTwoInstances({
    env: {
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
  });
  admin = (await createSignedInAdmin(instances.first)).client;
  customer = await createSignedInUser(instances.first, instances.first.db, admin, {
    role: 'customer_admin',
    organization: { name: `Twin Cards ${randomUUID().slice(0, 6)}` },
  });
  expect((await admin.request('PATCH', `/api/admin/customers/${customer.orgId}`, { currency: 'GBP' })).statusCode).toBe(
    200,
  );
}, 240_000);
afterAll(async () => {
  await instances?.close();
  await stripe?.close();
});

function deliver(app: FastifyInstance, body: string, signature: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

it('books a payment webhook delivered to both instances at once exactly once', async () => {
  const { first, second } = instances;
  const order = await convertedOrder(first, admin, customer.orgId, {
    location: `Twin Quay ${randomUUID().slice(0, 6)}`,
  });
  const quote = await admin.post('/api/admin/quotes', {
    orderId: order.id,
    priceBreakdown: { items: [{ label: 'Capture', amount: 900 }], currency: 'GBP' },
  });
  expect(quote.statusCode, quote.body).toBe(201);
  expect((await admin.post(`/api/admin/quotes/${quote.json().id}/send`)).statusCode).toBe(200);
  expect((await customer.client.post(`/api/customer/quotes/${quote.json().id}/accept`)).statusCode).toBe(200);
  const invoice = (await admin.get(`/api/admin/invoices?orderId=${order.id}`)).json().items[0] as TInvoiceView;

  const started = await customer.client.post(`/api/customer/invoices/${invoice.id}/card-checkout`);
  expect(started.statusCode, started.body).toBe(200);
  const session = [...stripe.sessions.values()].find((candidate) => candidate.url === started.json().url)!;
  const body = JSON.stringify(stripe.completedEvent(session.id));
  const signature = stripe.sign(body);

  const answers = await Promise.all([
    deliver(first, body, signature),
    deliver(second, body, signature),
    deliver(first, body, signature),
    deliver(second, body, signature),
  ]);
  for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
  expect(answers.filter((answer) => answer.json().booked === true)).toHaveLength(1);

  const cash = (await entriesOfOrder(first.db, order.id)).filter(({ line }) => line.account === 'cash');
  expect(cash.map(({ line }) => line.amountMinor)).toEqual([90_000]);
  const paid = (await admin.get(`/api/admin/invoices/${invoice.id}`)).json() as TInvoiceView;
  expect(paid).toMatchObject({ status: 'paid', paidMinor: 90_000, openMinor: 0 });
  expect(paid.payments.map((payment) => payment.method)).toEqual(['card']);
  expect(await unbalancedEntries(first.db)).toEqual([]);
}, 120_000);
