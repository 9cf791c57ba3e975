import { ZProviderAssignmentList } from '@spacecapture/shared/contracts/provider-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/api-hooks.ts';
import { providerKeys } from './provider-keys.ts';

/** GET /api/provider/assignments → the organisation's offered and accepted jobs, newest first. */
export function useProviderAssignments() {
  return useQuery(endpointQuery(providerKeys.assignments(), '/api/provider/assignments', ZProviderAssignmentList));
}
