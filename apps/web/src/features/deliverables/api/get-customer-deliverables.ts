import { ZDeliverablesByOrder } from '@spacecapture/shared/contracts/customer-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** GET /api/customer/deliverables → the organisation's orders that have files, with their files. */
export function getCustomerDeliverables(signal?: AbortSignal) {
  return apiRequest('/api/customer/deliverables', { schema: ZDeliverablesByOrder, ...(signal ? { signal } : {}) });
}

export const customerDeliverablesQueryOptions = queryOptions({
  queryKey: customerKeys.deliverables(),
  queryFn: ({ signal }) => getCustomerDeliverables(signal),
});

export function useCustomerDeliverables() {
  return useQuery(customerDeliverablesQueryOptions);
}
