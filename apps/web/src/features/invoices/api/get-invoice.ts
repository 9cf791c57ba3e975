import { ZCardCheckout, ZInvoice } from '@spacecapture/shared/contracts/invoices';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, sendJson } from '../../../lib/api-hooks.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** Which invoice: the latest issued for a quote, or one by its id (a monthly invoice, decision 242). */
export type TInvoiceAddress = { quoteId: string } | { invoiceId: string };

/**
 * GET /api/customer/quotes/:id/invoice → the latest invoice issued for the quote (409 until one is);
 * GET /api/customer/invoices/:id → one invoice by its id.
 */
export function invoiceQueryOptions(address: TInvoiceAddress) {
  return 'quoteId' in address
    ? endpointQuery(
        [...customerKeys.billing(), 'invoice', address.quoteId],
        `/api/customer/quotes/${encodeURIComponent(address.quoteId)}/invoice`,
        ZInvoice,
      )
    : endpointQuery(
        [...customerKeys.billing(), 'invoice-by-id', address.invoiceId],
        `/api/customer/invoices/${encodeURIComponent(address.invoiceId)}`,
        ZInvoice,
      );
}

/**
 * The invoice; with `untilPaid` (back from the card page) it is asked again every few seconds until
 * Stripe's webhook has booked the payment, since only the ledger says it is paid.
 */
export function useInvoice(address: TInvoiceAddress, options: { untilPaid?: boolean } = {}) {
  return useQuery({
    ...invoiceQueryOptions(address),
    refetchInterval: (query) =>
      options.untilPaid && query.state.data && query.state.data.status !== 'paid' ? 2_000 : false,
  });
}

/** POST /api/customer/invoices/:id/card-checkout → the Stripe Checkout page to send the customer to. */
export function startCardCheckout(invoiceId: string) {
  return sendJson(`/api/customer/invoices/${encodeURIComponent(invoiceId)}/card-checkout`, {}, ZCardCheckout);
}
