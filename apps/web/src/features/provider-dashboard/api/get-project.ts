import { ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerDashboardKeys } from './provider-dashboard-keys.ts';

/** GET /api/provider/assignments/:id → one job of the organisation (404 for anyone else's). */
export function getProject(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/provider/assignments/${encodeURIComponent(id)}`, {
    schema: ZProviderAssignment,
    ...(signal ? { signal } : {}),
  });
}

export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: providerDashboardKeys.project(id),
    queryFn: ({ signal }) => getProject(id, signal),
  });
}

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
