import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardAdapter, type TCardAdapter } from './card.ts';

/**
 * The card adapter against stripe-stateful-mock (decision 230), for what that server implements:
 * charges (tok_visa) and refunds with idempotency keys. It answers 404 for
 * payment intents and Checkout Sessions, which the integration tests cover with their own double.
 */

const SECRET_KEY = 'sk_test_adapter';
const WEBHOOK_SECRET = 'whsec_adapter_secret';
let server: Server;
let stripe: Stripe;
let card: TCardAdapter;

beforeAll(async () => {
  const mock = createRequire(import.meta.url)('stripe-stateful-mock') as {
    createExpressApp(): Parameters<typeof createServer>[0];
  };
  server = createServer(mock.createExpressApp());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http' });
  card = createCardAdapter({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    connectWebhookSecret: undefined,
    apiUrl: `http://127.0.0.1:${port}`,
  })!;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe('card adapter', () => {
  it('is not offered without keys', () => {
    expect(createCardAdapter(undefined)).toBeNull();
  });

  it('refunds part of a card payment, once per idempotency key, and refuses more than is left', async () => {
    const charge = await stripe.charges.create({ amount: 5_000, currency: 'gbp', source: 'tok_visa' });
    const first = await card.refund({ paymentReference: charge.id, amountMinor: 2_000, idempotencyKey: 'refund-1' });
    expect(first).toMatchObject({ status: 'succeeded', amountMinor: 2_000 });
    expect(first.id).toMatch(/^re_/);
    const retried = await card.refund({ paymentReference: charge.id, amountMinor: 2_000, idempotencyKey: 'refund-1' });
    expect(retried.id).toBe(first.id);
    expect((await stripe.charges.retrieve(charge.id)).amount_refunded).toBe(2_000);

    await expect(
      card.refund({ paymentReference: charge.id, amountMinor: 3_001, idempotencyKey: 'refund-2' }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('Stripe refused the refund'),
    });
    expect((await stripe.charges.retrieve(charge.id)).amount_refunded).toBe(2_000);
  });

  it('verifies a webhook signed with its secret and rejects one signed with another', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.refunded', data: { object: {} } });
    const good = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(card.verify(payload, good)?.id).toBe('evt_1');
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(card.verify(payload, forged)).toBeNull();
    expect(card.verify(payload, undefined)).toBeNull();
  });
});
