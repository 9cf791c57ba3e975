import { ZApplicationList } from '@spacecapture/shared/contracts/admin-workflow';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WORKFLOW_PAGE_SIZE, workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/applications?limit= → { items, nextCursor }, newest first. */
export function getApplications(signal?: AbortSignal) {
  return apiRequest(`/api/admin/applications?limit=${WORKFLOW_PAGE_SIZE}`, {
    schema: ZApplicationList,
    ...(signal ? { signal } : {}),
  });
}

export const applicationsQueryOptions = queryOptions({
  queryKey: workflowKeys.applications(),
  queryFn: ({ signal }) => getApplications(signal),
});

export function useApplications() {
  return useQuery(applicationsQueryOptions);
}

/** The stored portfolio file, downloaded as an attachment. */
export function portfolioUrl(id: string) {
  return `/api/admin/applications/${encodeURIComponent(id)}/portfolio`;
}
