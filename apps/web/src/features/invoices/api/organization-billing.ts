import {
  type TMonthlyApprovalRequest,
  type TOrganizationBilling,
  type TTaxRates,
  ZOrganizationBillingView,
  ZTaxRatesView,
} from '@spacecapture/shared/contracts/invoices';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';

const organizationBillingKey = (id: string) => ['admin', 'billing', 'organization', id] as const;
const taxRatesKey = ['admin', 'billing', 'tax-rates'] as const;

function billingPath(id: string) {
  return `/api/admin/customers/${encodeURIComponent(id)}/billing`;
}

/** GET /api/admin/customers/:id/billing → when the organisation is invoiced, pay before download, buyer details. */
export function useOrganizationBilling(id: string) {
  return useQuery(endpointQuery(organizationBillingKey(id), billingPath(id), ZOrganizationBillingView));
}

/** PUT /api/admin/customers/:id/billing (audited). */
export function useSaveOrganizationBilling(id: string) {
  return useRefreshingMutation(organizationBillingKey(id), {
    mutationFn: (billing: TOrganizationBilling) => sendJson(billingPath(id), billing, ZOrganizationBillingView, 'PUT'),
  });
}

/** PUT /api/admin/customers/:id/billing/monthly-approval: approve for monthly invoicing, or withdraw it (audited). */
export function useSaveMonthlyApproval(id: string) {
  return useRefreshingMutation(organizationBillingKey(id), {
    mutationFn: (request: TMonthlyApprovalRequest) =>
      sendJson(`${billingPath(id)}/monthly-approval`, request, ZOrganizationBillingView, 'PUT'),
  });
}

/** GET /api/admin/billing/tax-rates → one rate per buyer country. */
export function useTaxRates() {
  return useQuery(endpointQuery(taxRatesKey, '/api/admin/billing/tax-rates', ZTaxRatesView));
}

/** PUT /api/admin/billing/tax-rates: the whole list replaces the saved one (audited). */
export function useSaveTaxRates() {
  return useRefreshingMutation(taxRatesKey, {
    mutationFn: (rates: TTaxRates) => sendJson('/api/admin/billing/tax-rates', rates, ZTaxRatesView, 'PUT'),
  });
}
