import { ZLeadList } from '@spacecapture/shared/contracts/admin-workflow';
import { useInfiniteQuery } from '@tanstack/react-query';
import { triageQueryOptions } from './triage-pages.ts';
import type { TTriageFilters } from './workflow-keys.ts';

/** GET /api/admin/leads?status=&q=&cursor=&limit= → { items, nextCursor }, newest first. */
export function leadsQueryOptions(filters: TTriageFilters) {
  return triageQueryOptions('leads', ZLeadList, filters);
}

export function useLeads(filters: TTriageFilters) {
  return useInfiniteQuery(leadsQueryOptions(filters));
}
