import { ZQuoteList } from '@spacecapture/shared/contracts/admin-workflow';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WORKFLOW_PAGE_SIZE, workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/quotes?limit= → { items, nextCursor }, newest first. */
export function getQuotes(signal?: AbortSignal) {
  return apiRequest(`/api/admin/quotes?limit=${WORKFLOW_PAGE_SIZE}`, {
    schema: ZQuoteList,
    ...(signal ? { signal } : {}),
  });
}

export const quotesQueryOptions = queryOptions({
  queryKey: workflowKeys.quotes(),
  queryFn: ({ signal }) => getQuotes(signal),
});

export function useQuotes() {
  return useQuery(quotesQueryOptions);
}
