import { ZAuditList } from '@spacecapture/shared/contracts/admin-console/audit';
import { ADMIN_LIST_LIMITS } from '@spacecapture/shared/contracts/admin-console/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type TAuditFilters, toAuditSearch } from '../lib/audit-filters.ts';
import { insightsKeys } from './insights-keys.ts';

/** GET /api/admin/audit?entity=&action=&actor=&from=&to=&cursor= → 100 entries a page, newest first. */
export function getAudit({
  filters,
  cursor,
  signal,
}: {
  filters: TAuditFilters;
  cursor: string | null;
  signal?: AbortSignal;
}) {
  const query = toAuditSearch(filters);
  query.set('limit', String(ADMIN_LIST_LIMITS.auditPage));
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/admin/audit?${query}`, { schema: ZAuditList, ...(signal ? { signal } : {}) });
}

export function auditQueryOptions(filters: TAuditFilters) {
  return infiniteQueryOptions({
    queryKey: insightsKeys.audit(toAuditSearch(filters).toString()),
    queryFn: ({ pageParam, signal }) => getAudit({ filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // New entries are written all the time: read afresh whenever the list opens.
    staleTime: 0,
  });
}

export function useAudit(filters: TAuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters));
}

/** The CSV of the entries the same filters select (a plain link: the browser downloads it). */
export function auditCsvUrl(filters: TAuditFilters): string {
  const query = toAuditSearch(filters).toString();
  return query ? `/api/admin/audit.csv?${query}` : '/api/admin/audit.csv';
}
