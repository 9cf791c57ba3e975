import { ZInvoiceList } from '@spacecapture/shared/contracts/invoices';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** GET /api/customer/invoices → the organisation's invoices, newest first (the first hundred). */
export function invoicesQueryOptions() {
  return endpointQuery([...customerKeys.billing(), 'invoices'], '/api/customer/invoices?limit=100', ZInvoiceList);
}

export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}
