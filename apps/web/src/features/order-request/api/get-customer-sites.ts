import { ZCustomerSitesResponse } from '@spacecapture/shared/contracts/customer-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { orderRequestKeys } from './order-request-keys.ts';

/** GET /api/customer/sites → the addresses the organisation ordered for, most recently used first. */
export function customerSitesQueryOptions() {
  return endpointQuery(orderRequestKeys.sites(), '/api/customer/sites', ZCustomerSitesResponse);
}

export function useCustomerSites() {
  return useQuery(customerSitesQueryOptions());
}
