import { ZProviderSchedule } from '@spacecapture/shared/contracts/provider-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** GET /api/provider/schedule → proposed and confirmed windows of the accepted jobs, earliest first. */
export function useSchedule() {
  return useQuery(endpointQuery([...providerKeys.all, 'schedule'], '/api/provider/schedule', ZProviderSchedule));
}
