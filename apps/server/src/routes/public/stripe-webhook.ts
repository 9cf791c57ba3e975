import { ZErrorResponse } from '@spacecapture/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A Stripe event is a few kilobytes; anything far larger is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * POST /api/payments/stripe/webhook (decision 230): Stripe's events, verified with the SDK against
 * the raw body exactly as sent (so this plugin keeps JSON bodies as bytes) and the signing secret.
 * A forged or missing signature is a 400 and books nothing; a replay answers 200 and books nothing.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invoices, connect } = app.services;
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_EVENT_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        'x-roles': ['public'],
        tags: ['public'],
        summary:
          "Stripe's signed events: checkout.session.completed books the invoice's payment; charge.refunded a refund; account.updated records a provider's connected account; transfer.reversed books a payout's reversal",
        response: {
          200: z.object({ received: z.literal(true), booked: z.boolean() }),
          400: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const header = request.headers['stripe-signature'];
      const signature = typeof header === 'string' ? header : undefined;
      // Connect's events (decisions 227, 243) first; the rest are the payments' to verify and book.
      const connectEvent = await connect.receiveEvent(request.body as Buffer, signature);
      if (connectEvent) return { received: true as const, booked: connectEvent.booked };
      const { booked } = await invoices.stripeWebhook(request.body as Buffer, signature);
      return { received: true as const, booked };
    },
  );
};

export default stripeWebhookRoutes;
