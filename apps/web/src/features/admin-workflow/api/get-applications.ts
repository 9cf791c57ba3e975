import { ZApplicationList } from '@spacecapture/shared/contracts/admin-workflow';
import { useInfiniteQuery } from '@tanstack/react-query';
import { triageQueryOptions } from './triage-pages.ts';
import type { TTriageFilters } from './workflow-keys.ts';

/** GET /api/admin/applications?status=&q=&cursor=&limit= → { items, nextCursor }, newest first. */
export function applicationsQueryOptions(filters: TTriageFilters) {
  return triageQueryOptions('applications', ZApplicationList, filters);
}

export function useApplications(filters: TTriageFilters) {
  return useInfiniteQuery(applicationsQueryOptions(filters));
}

/** The stored portfolio file, downloaded as an attachment. */
export function portfolioUrl(id: string) {
  return `/api/admin/applications/${encodeURIComponent(id)}/portfolio`;
}
