import { ZAdminProviderList } from '@spacecapture/shared/contracts/admin-console/organizations';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { CONSOLE_PAGE_SIZE, consoleKeys, type TOrganizationFilters } from './console-keys.ts';

/** GET /api/admin/providers?q=&cursor=&limit= → provider organisations, newest first. */
export function getProviders(input: { filters: TOrganizationFilters; cursor: string | null; signal?: AbortSignal }) {
  const query = new URLSearchParams({ limit: String(CONSOLE_PAGE_SIZE) });
  if (input.filters.q) query.set('q', input.filters.q);
  if (input.cursor) query.set('cursor', input.cursor);
  return apiRequest(`/api/admin/providers?${query}`, {
    schema: ZAdminProviderList,
    ...(input.signal ? { signal: input.signal } : {}),
  });
}

export function useProviders(filters: TOrganizationFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: consoleKeys.providerList(filters),
      queryFn: ({ pageParam, signal }) => getProviders({ filters, cursor: pageParam, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
      placeholderData: keepPreviousData,
    }),
  );
}
