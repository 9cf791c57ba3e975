import { type TCompanyBillingDetails, ZCompanyBillingDetailsView } from '@spacecapture/shared/contracts/invoices';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';

const companyBillingKey = ['admin', 'billing', 'company'] as const;

/** GET /api/admin/billing/company → the seller on every invoice. */
export function useCompanyBilling() {
  return useQuery(endpointQuery(companyBillingKey, '/api/admin/billing/company', ZCompanyBillingDetailsView));
}

/** PUT /api/admin/billing/company (audited). */
export function saveCompanyBilling(details: TCompanyBillingDetails) {
  return sendJson('/api/admin/billing/company', details, ZCompanyBillingDetailsView, 'PUT');
}

export function useSaveCompanyBilling() {
  return useRefreshingMutation(companyBillingKey, { mutationFn: saveCompanyBilling });
}
