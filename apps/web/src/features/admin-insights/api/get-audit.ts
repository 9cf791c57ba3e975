import { ZAuditList } from '@spacecapture/shared/contracts/admin-console/audit';
import { ADMIN_LIST_LIMITS } from '@spacecapture/shared/contracts/admin-console/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
import { type TAuditFilters, toAuditSearch } from '../lib/audit-filters.ts';
import { insightsKeys } from './insights-keys.ts';

/** GET /api/admin/audit?entity=&action=&actor=&from=&to=&cursor= → 100 entries a page, newest first. */
export function auditQueryOptions(filters: TAuditFilters) {
  const search = toAuditSearch(filters);
  const params = new URLSearchParams(search);
  params.set('limit', String(ADMIN_LIST_LIMITS.auditPage));
  return infiniteQueryOptions({
    ...pagedQuery(insightsKeys.audit(search.toString()), ZAuditList, (cursor) =>
      pagePath('/api/admin/audit', params, cursor),
    ),
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
