import { ZInvoice } from '@spacecapture/shared/contracts/customer-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** GET /api/customer/quotes/:id/invoice → the invoice of an accepted quote (409 for any other). */
export function getInvoice(quoteId: string, signal?: AbortSignal) {
  return apiRequest(`/api/customer/quotes/${encodeURIComponent(quoteId)}/invoice`, {
    schema: ZInvoice,
    ...(signal ? { signal } : {}),
  });
}

export function invoiceQueryOptions(quoteId: string) {
  return queryOptions({
    queryKey: [...customerKeys.billing(), 'invoice', quoteId],
    queryFn: ({ signal }) => getInvoice(quoteId, signal),
  });
}

export function useInvoice(quoteId: string) {
  return useQuery(invoiceQueryOptions(quoteId));
}
