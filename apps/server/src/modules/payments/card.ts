import { AppError } from '@spacecapture/shared/errors';
import Stripe from 'stripe';
import type { TStripeConfig } from '../../config.ts';
import type { TConfirmedPayment, TPayableInvoice, TPaymentsAdapter } from './payments-port.ts';

/**
 * Card payments through Stripe (decisions 212, 230). The customer pays an invoice's open balance
 * on a Checkout Session made for it, with the invoice id in its metadata; Stripe's signed webhook
 * (`checkout.session.completed`) becomes a confirmed payment keyed by the payment intent, so a
 * replayed or concurrent delivery books once. Without keys the adapter is not offered.
 */
export type TCardAdapter = TPaymentsAdapter & {
  /** A Checkout Session for the open balance: the URL the customer is sent to. */
  checkout(invoice: TPayableInvoice, urls: { success: string; cancel: string }): Promise<string>;
  /**
   * Gives back part or all of a card payment, by the payment intent (or charge) it was recorded
   * with; once per idempotency key. Stripe's refusal (more than is left to refund) is a 400.
   */
  refund(input: { paymentReference: string; amountMinor: number; idempotencyKey: string }): Promise<{
    id: string;
    status: string;
    amountMinor: number;
  }>;
  /** The verified event, or null when the body or its signature does not hold. */
  verify(rawBody: Buffer | string, signature: string | undefined): Stripe.Event | null;
};

export function createStripeClient(config: TStripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export function createCardAdapter(config: TStripeConfig | undefined): TCardAdapter | null {
  if (!config) return null;
  const stripe = createStripeClient(config);
  return {
    method: 'card',
    available: true,
    instructions(invoice) {
      return {
        method: 'card',
        reference: invoice.number,
        lines: [`Pay by card online: open invoice ${invoice.number} in the customer portal and choose Pay by card.`],
      };
    },
    async checkout(invoice, urls) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: invoice.id,
          metadata: { invoiceId: invoice.id },
          payment_intent_data: { metadata: { invoiceId: invoice.id } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: invoice.currency.toLowerCase(),
                unit_amount: invoice.openMinor,
                product_data: { name: `Invoice ${invoice.number}` },
              },
            },
          ],
          success_url: urls.success,
          cancel_url: urls.cancel,
        },
        // One session per invoice and open balance: a double click reuses the first.
        { idempotencyKey: `checkout:${invoice.id}:${invoice.openMinor}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL.');
      return session.url;
    },
    async refund({ paymentReference, amountMinor, idempotencyKey }) {
      const target = paymentReference.startsWith('ch_')
        ? { charge: paymentReference }
        : { payment_intent: paymentReference };
      try {
        const refund = await stripe.refunds.create({ ...target, amount: amountMinor }, { idempotencyKey });
        return { id: refund.id, status: refund.status ?? 'pending', amountMinor: refund.amount };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new AppError('validation_failed', `Stripe refused the refund: ${error.message}`);
        }
        throw error;
      }
    },
    verify(rawBody, signature) {
      if (!signature) return null;
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        return null;
      }
    },
  };
}

/**
 * What a completed Checkout Session vouches for: the invoice it was made for and a payment keyed by
 * its payment intent (one booking per intent, decision 212). Null for a session not paid or not ours.
 */
export function confirmedCardPayment(event: Stripe.Event): { invoiceId: string; payment: TConfirmedPayment } | null {
  if (event.type !== 'checkout.session.completed') return null;
  const session = event.data.object;
  const invoiceId = session.metadata?.invoiceId ?? session.client_reference_id;
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!invoiceId || !intent || session.payment_status !== 'paid' || session.amount_total === null) return null;
  return {
    invoiceId,
    payment: {
      method: 'card',
      amountMinor: session.amount_total,
      currency: (session.currency ?? '').toUpperCase(),
      paymentKey: `stripe:${intent}`,
      reference: intent,
      receivedOn: new Date(event.created * 1000).toISOString().slice(0, 10),
    },
  };
}
