import { ZProviderPerformance } from '@spacecapture/shared/contracts/provider-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** GET /api/provider/performance → completed and active projects, earnings, rating, jobs per month. */
export function usePerformance() {
  return useQuery(
    endpointQuery([...providerKeys.all, 'performance'], '/api/provider/performance', ZProviderPerformance),
  );
}
