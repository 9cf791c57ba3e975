import { ZCustomerOrderDetail } from '@spacecapture/shared/contracts/customer-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** GET /api/customer/orders/:id → the order with its steps, quotes, deliverables and rating. */
export function getCustomerOrder(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/customer/orders/${encodeURIComponent(id)}`, {
    schema: ZCustomerOrderDetail,
    ...(signal ? { signal } : {}),
  });
}

export function customerOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: customerKeys.order(id),
    queryFn: ({ signal }) => getCustomerOrder(id, signal),
  });
}

export function useCustomerOrder(id: string) {
  return useQuery(customerOrderQueryOptions(id));
}
