import { ZCardCheckout, ZInvoice } from '@spacecapture/shared/contracts/invoices';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, sendJson } from '../../../lib/api-hooks.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** GET /api/customer/quotes/:id/invoice → the latest invoice issued for the quote (409 until one is). */
export function invoiceQueryOptions(quoteId: string) {
  return endpointQuery(
    [...customerKeys.billing(), 'invoice', quoteId],
    `/api/customer/quotes/${encodeURIComponent(quoteId)}/invoice`,
    ZInvoice,
  );
}

/**
 * The invoice; with `untilPaid` (back from the card page) it is asked again every few seconds until
 * Stripe's webhook has booked the payment, since only the ledger says it is paid.
 */
export function useInvoice(quoteId: string, options: { untilPaid?: boolean } = {}) {
  return useQuery({
    ...invoiceQueryOptions(quoteId),
    refetchInterval: (query) =>
      options.untilPaid && query.state.data && query.state.data.status !== 'paid' ? 2_000 : false,
  });
}

/** POST /api/customer/invoices/:id/card-checkout → the Stripe Checkout page to send the customer to. */
export function startCardCheckout(invoiceId: string) {
  return sendJson(`/api/customer/invoices/${encodeURIComponent(invoiceId)}/card-checkout`, {}, ZCardCheckout);
}
