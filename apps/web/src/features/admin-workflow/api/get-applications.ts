import { ZApplicationList } from '@spacecapture/shared/contracts/admin-workflow';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type TTriageFilters, WORKFLOW_PAGE_SIZE, workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/applications?status=&q=&cursor=&limit= → { items, nextCursor }, newest first. */
export function getApplications(input: { filters: TTriageFilters; cursor: string | null; signal?: AbortSignal }) {
  const query = new URLSearchParams({ limit: String(WORKFLOW_PAGE_SIZE), status: input.filters.status });
  if (input.filters.q) query.set('q', input.filters.q);
  if (input.cursor) query.set('cursor', input.cursor);
  return apiRequest(`/api/admin/applications?${query}`, {
    schema: ZApplicationList,
    ...(input.signal ? { signal: input.signal } : {}),
  });
}

export function applicationsQueryOptions(filters: TTriageFilters) {
  return infiniteQueryOptions({
    queryKey: workflowKeys.applications(filters),
    queryFn: ({ pageParam, signal }) => getApplications({ filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useApplications(filters: TTriageFilters) {
  return useInfiniteQuery(applicationsQueryOptions(filters));
}

/** The stored portfolio file, downloaded as an attachment. */
export function portfolioUrl(id: string) {
  return `/api/admin/applications/${encodeURIComponent(id)}/portfolio`;
}
