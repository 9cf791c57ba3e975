import { ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { providerKeys } from './provider-keys.ts';

/** GET /api/provider/assignments/:id → one job of the organisation (404 for anyone else's). */
export function getProviderAssignment(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/provider/assignments/${encodeURIComponent(id)}`, {
    schema: ZProviderAssignment,
    ...(signal ? { signal } : {}),
  });
}

export function providerAssignmentQueryOptions(id: string) {
  return queryOptions({
    queryKey: providerKeys.assignment(id),
    queryFn: ({ signal }) => getProviderAssignment(id, signal),
  });
}

export function useProviderAssignment(id: string) {
  return useQuery(providerAssignmentQueryOptions(id));
}
