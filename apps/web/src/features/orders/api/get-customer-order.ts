import { ZCustomerOrderDetail } from '@spacecapture/shared/contracts/customer-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** GET /api/customer/orders/:id → the order with its steps, quotes, deliverables and rating. */
export function customerOrderQueryOptions(id: string) {
  return endpointQuery(customerKeys.order(id), `/api/customer/orders/${encodeURIComponent(id)}`, ZCustomerOrderDetail);
}

export function useCustomerOrder(id: string) {
  return useQuery(customerOrderQueryOptions(id));
}
