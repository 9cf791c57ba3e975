import { ZTeam } from '@spacecapture/shared/contracts/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-keys.ts';

/** GET /api/organization/team → the organisation, its members and its pending invitations. */
export function getTeam(signal?: AbortSignal) {
  return apiRequest('/api/organization/team', { schema: ZTeam, ...(signal ? { signal } : {}) });
}

export const teamQueryOptions = queryOptions({
  queryKey: teamKeys.detail(),
  queryFn: ({ signal }) => getTeam(signal),
});

export function useTeam() {
  return useQuery(teamQueryOptions);
}
