import { ZLeadList } from '@spacecapture/shared/contracts/admin-workflow';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WORKFLOW_PAGE_SIZE, workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/leads?limit= → { items, nextCursor }, newest first. */
export function getLeads(signal?: AbortSignal) {
  return apiRequest(`/api/admin/leads?limit=${WORKFLOW_PAGE_SIZE}`, {
    schema: ZLeadList,
    ...(signal ? { signal } : {}),
  });
}

export const leadsQueryOptions = queryOptions({
  queryKey: workflowKeys.leads(),
  queryFn: ({ signal }) => getLeads(signal),
});

export function useLeads() {
  return useQuery(leadsQueryOptions);
}
