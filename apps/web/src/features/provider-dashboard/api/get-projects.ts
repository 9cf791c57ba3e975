import { ZProviderAssignmentList } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerDashboardKeys } from './provider-dashboard-keys.ts';

/** GET /api/provider/assignments → the organisation's offered and accepted jobs, newest first. */
export function getProjects(signal?: AbortSignal) {
  return apiRequest('/api/provider/assignments', { schema: ZProviderAssignmentList, ...(signal ? { signal } : {}) });
}

export const projectsQueryOptions = queryOptions({
  queryKey: providerDashboardKeys.projects(),
  queryFn: ({ signal }) => getProjects(signal),
});

export function useProjects() {
  return useQuery(projectsQueryOptions);
}
