import { ZTeam } from '@spacecapture/shared/contracts/invitations';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { teamKeys } from './team-keys.ts';

/** GET /api/organization/team → the organisation, its members and its pending invitations. */
export function useTeam() {
  return useQuery(endpointQuery(teamKeys.detail(), '/api/organization/team', ZTeam));
}
