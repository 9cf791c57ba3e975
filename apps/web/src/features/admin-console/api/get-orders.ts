import { ZAdminOrderList } from '@spacecapture/shared/contracts/admin-console/orders';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CONSOLE_PAGE_SIZE, consoleKeys, type TOrderFilters } from './console-keys.ts';

/** GET /api/admin/orders?q=&status=&cursor=&limit= → { items, nextCursor }, newest first. */
export function getOrders(input: { filters: TOrderFilters; cursor: string | null; signal?: AbortSignal }) {
  const query = new URLSearchParams({ limit: String(CONSOLE_PAGE_SIZE) });
  if (input.filters.q) query.set('q', input.filters.q);
  if (input.filters.status) query.set('status', input.filters.status);
  if (input.cursor) query.set('cursor', input.cursor);
  return apiRequest(`/api/admin/orders?${query}`, {
    schema: ZAdminOrderList,
    ...(input.signal ? { signal: input.signal } : {}),
  });
}

export function ordersQueryOptions(filters: TOrderFilters) {
  return infiniteQueryOptions({
    queryKey: consoleKeys.orderList(filters),
    queryFn: ({ pageParam, signal }) => getOrders({ filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A new search keeps the previous rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(filters: TOrderFilters) {
  return useInfiniteQuery(ordersQueryOptions(filters));
}
