import { ZLeadList } from '@spacecapture/shared/contracts/admin-workflow';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type TTriageFilters, WORKFLOW_PAGE_SIZE, workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/leads?status=&q=&cursor=&limit= → { items, nextCursor }, newest first. */
export function getLeads(input: { filters: TTriageFilters; cursor: string | null; signal?: AbortSignal }) {
  const query = new URLSearchParams({ limit: String(WORKFLOW_PAGE_SIZE), status: input.filters.status });
  if (input.filters.q) query.set('q', input.filters.q);
  if (input.cursor) query.set('cursor', input.cursor);
  return apiRequest(`/api/admin/leads?${query}`, {
    schema: ZLeadList,
    ...(input.signal ? { signal: input.signal } : {}),
  });
}

export function leadsQueryOptions(filters: TTriageFilters) {
  return infiniteQueryOptions({
    queryKey: workflowKeys.leads(filters),
    queryFn: ({ pageParam, signal }) => getLeads({ filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A new filter keeps the previous cards on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useLeads(filters: TTriageFilters) {
  return useInfiniteQuery(leadsQueryOptions(filters));
}
