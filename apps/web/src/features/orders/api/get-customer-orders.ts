import { ZCustomerOrderList } from '@spacecapture/shared/contracts/customer-portal';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TCustomerOrderFilters } from '../lib/order-filters.ts';
import { ORDERS_PAGE_SIZE, orderKeys } from './order-keys.ts';

/** GET /api/customer/orders?q=&status=&limit=&cursor= → { items, nextCursor }, newest first. */
export function getCustomerOrders(filters: TCustomerOrderFilters, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(ORDERS_PAGE_SIZE) });
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  if (cursor) params.set('cursor', cursor);
  return apiRequest(`/api/customer/orders?${params}`, { schema: ZCustomerOrderList, ...(signal ? { signal } : {}) });
}

export function customerOrdersQueryOptions(filters: TCustomerOrderFilters) {
  return infiniteQueryOptions({
    queryKey: orderKeys.orderList(filters),
    queryFn: ({ pageParam, signal }) => getCustomerOrders(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The organisation's orders, page by page. */
export function useCustomerOrders(filters: TCustomerOrderFilters) {
  return useInfiniteQuery(customerOrdersQueryOptions(filters));
}
