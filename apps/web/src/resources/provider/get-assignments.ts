import { ZProviderAssignmentList } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { providerKeys } from './provider-keys.ts';

/** GET /api/provider/assignments → the organisation's offered and accepted jobs, newest first. */
export function getProviderAssignments(signal?: AbortSignal) {
  return apiRequest('/api/provider/assignments', {
    schema: ZProviderAssignmentList,
    ...(signal ? { signal } : {}),
  });
}

export const providerAssignmentsQueryOptions = queryOptions({
  queryKey: providerKeys.assignments(),
  queryFn: ({ signal }) => getProviderAssignments(signal),
});

export function useProviderAssignments() {
  return useQuery(providerAssignmentsQueryOptions);
}
