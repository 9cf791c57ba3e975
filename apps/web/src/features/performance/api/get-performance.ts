import { ZProviderPerformance } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** GET /api/provider/performance → completed and active projects, earnings, rating, jobs per month. */
export function getPerformance(signal?: AbortSignal) {
  return apiRequest('/api/provider/performance', { schema: ZProviderPerformance, ...(signal ? { signal } : {}) });
}

export const performanceQueryOptions = queryOptions({
  queryKey: [...providerKeys.all, 'performance'],
  queryFn: ({ signal }) => getPerformance(signal),
});

export function usePerformance() {
  return useQuery(performanceQueryOptions);
}
