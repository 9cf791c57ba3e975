import { ZCustomerSitesResponse } from '@spacecapture/shared/contracts/customer-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderRequestKeys } from './order-request-keys.ts';

/** GET /api/customer/sites → the addresses the organisation ordered for, most recently used first. */
export function getCustomerSites(signal?: AbortSignal) {
  return apiRequest('/api/customer/sites', { schema: ZCustomerSitesResponse, ...(signal ? { signal } : {}) });
}

export function customerSitesQueryOptions() {
  return queryOptions({ queryKey: orderRequestKeys.sites(), queryFn: ({ signal }) => getCustomerSites(signal) });
}

export function useCustomerSites() {
  return useQuery(customerSitesQueryOptions());
}
