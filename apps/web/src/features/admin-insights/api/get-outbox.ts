import { type TOutboxStatus, ZOutboxList } from '@spacecapture/shared/contracts/admin-console/outbox';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
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
export function outboxQueryOptions(filters: TOutboxFilters) {
  const search = outboxSearch(filters);
  const params = new URLSearchParams(search);
  params.set('limit', String(OUTBOX_PAGE_SIZE));
  return infiniteQueryOptions({
    ...pagedQuery(insightsKeys.outbox(search.toString()), ZOutboxList, (cursor) =>
      pagePath('/api/admin/outbox', params, cursor),
    ),
    // New entries are written all the time: read afresh whenever the list opens.
    staleTime: 0,
  });
}

export function useOutbox(filters: TOutboxFilters) {
  return useInfiniteQuery(outboxQueryOptions(filters));
}
