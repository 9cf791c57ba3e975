import { ZCustomerOrderList } from '@spacecapture/shared/contracts/customer-portal';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { endpointQuery, pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';
import type { TCustomerOrderFilters } from '../lib/order-filters.ts';
import { ORDERS_PAGE_SIZE, orderKeys } from './order-keys.ts';

/** GET /api/customer/orders?q=&status=&limit=&cursor= → { items, nextCursor }, newest first. */
export function customerOrdersQueryOptions(filters: TCustomerOrderFilters) {
  const params = { limit: String(ORDERS_PAGE_SIZE), q: filters.q || undefined, status: filters.status || undefined };
  return pagedQuery(orderKeys.orderList(filters), ZCustomerOrderList, (cursor) =>
    pagePath('/api/customer/orders', params, cursor),
  );
}

/** The organisation's orders, page by page. */
export function useCustomerOrders(filters: TCustomerOrderFilters) {
  return useInfiniteQuery(customerOrdersQueryOptions(filters));
}

/** GET /api/customer/orders?awaiting=window → the orders whose provider proposed windows for the customer to pick. */
export function useOrdersAwaitingWindowPick() {
  return useQuery(
    endpointQuery(
      [...customerKeys.orders(), 'awaiting-window'],
      `/api/customer/orders?awaiting=window&limit=${ORDERS_PAGE_SIZE}`,
      ZCustomerOrderList,
    ),
  );
}
