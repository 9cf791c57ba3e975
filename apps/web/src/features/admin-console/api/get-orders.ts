import { ZAdminOrderList } from '@spacecapture/shared/contracts/admin-console/orders';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
import { CONSOLE_PAGE_SIZE, consoleKeys, type TOrderFilters } from './console-keys.ts';

/** GET /api/admin/orders?q=&status=&cursor=&limit= → { items, nextCursor }, newest first. */
export function ordersQueryOptions(filters: TOrderFilters) {
  const params = { limit: String(CONSOLE_PAGE_SIZE), q: filters.q || undefined, status: filters.status || undefined };
  return infiniteQueryOptions({
    ...pagedQuery(consoleKeys.orderList(filters), ZAdminOrderList, (cursor) =>
      pagePath('/api/admin/orders', params, cursor),
    ),
    // A new search keeps the previous rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(filters: TOrderFilters) {
  return useInfiniteQuery(ordersQueryOptions(filters));
}
