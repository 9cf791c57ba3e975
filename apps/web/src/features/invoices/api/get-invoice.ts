import { ZInvoice } from '@spacecapture/shared/contracts/customer-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** GET /api/customer/quotes/:id/invoice → the invoice of an accepted quote (409 for any other). */
export function invoiceQueryOptions(quoteId: string) {
  return endpointQuery(
    [...customerKeys.billing(), 'invoice', quoteId],
    `/api/customer/quotes/${encodeURIComponent(quoteId)}/invoice`,
    ZInvoice,
  );
}

export function useInvoice(quoteId: string) {
  return useQuery(invoiceQueryOptions(quoteId));
}
