import { ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/api-hooks.ts';
import { providerKeys } from './provider-keys.ts';

/** GET /api/provider/assignments/:id → one job of the organisation (404 for anyone else's). */
export function providerAssignmentQueryOptions(id: string) {
  return endpointQuery(
    providerKeys.assignment(id),
    `/api/provider/assignments/${encodeURIComponent(id)}`,
    ZProviderAssignment,
  );
}

export function useProviderAssignment(id: string) {
  return useQuery(providerAssignmentQueryOptions(id));
}
