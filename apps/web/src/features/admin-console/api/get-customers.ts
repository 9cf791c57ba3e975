import { ZAdminCustomerList } from '@spacecapture/shared/contracts/admin-console/organizations';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CONSOLE_PAGE_SIZE, consoleKeys, type TOrganizationFilters } from './console-keys.ts';

/** GET /api/admin/customers?q=&cursor=&limit= → customer organisations, newest first. */
export function getCustomers(input: { filters: TOrganizationFilters; cursor: string | null; signal?: AbortSignal }) {
  const query = new URLSearchParams({ limit: String(CONSOLE_PAGE_SIZE) });
  if (input.filters.q) query.set('q', input.filters.q);
  if (input.cursor) query.set('cursor', input.cursor);
  return apiRequest(`/api/admin/customers?${query}`, {
    schema: ZAdminCustomerList,
    ...(input.signal ? { signal: input.signal } : {}),
  });
}

export function useCustomers(filters: TOrganizationFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: consoleKeys.customerList(filters),
      queryFn: ({ pageParam, signal }) => getCustomers({ filters, cursor: pageParam, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      placeholderData: keepPreviousData,
    }),
  );
}
