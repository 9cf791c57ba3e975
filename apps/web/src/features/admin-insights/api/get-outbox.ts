import { type TOutboxStatus, ZOutboxList } from '@spacecapture/shared/contracts/admin-console/outbox';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { insightsKeys } from './insights-keys.ts';

export const OUTBOX_PAGE_SIZE = 50;

export type TOutboxFilters = { status?: TOutboxStatus | undefined; q?: string | undefined };

function outboxSearch(filters: TOutboxFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.q) query.set('q', filters.q);
  return query;
}

/** GET /api/admin/outbox?status=&q=&cursor= → { items, nextCursor }, newest first (no bodies). */
export function getOutbox({
  filters,
  cursor,
  signal,
}: {
  filters: TOutboxFilters;
  cursor: string | null;
  signal?: AbortSignal;
}) {
  const query = outboxSearch(filters);
  query.set('limit', String(OUTBOX_PAGE_SIZE));
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/admin/outbox?${query}`, { schema: ZOutboxList, ...(signal ? { signal } : {}) });
}

export function outboxQueryOptions(filters: TOutboxFilters) {
  return infiniteQueryOptions({
    queryKey: insightsKeys.outbox(outboxSearch(filters).toString()),
    queryFn: ({ pageParam, signal }) => getOutbox({ filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // New entries are written all the time: read afresh whenever the list opens.
    staleTime: 0,
  });
}

export function useOutbox(filters: TOutboxFilters) {
  return useInfiniteQuery(outboxQueryOptions(filters));
}
