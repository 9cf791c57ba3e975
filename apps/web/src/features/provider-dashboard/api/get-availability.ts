import { ZProviderAvailabilityResponse } from '@spacecapture/shared/contracts/dispatch';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerDashboardKeys } from './provider-dashboard-keys.ts';

/** GET /api/provider/availability → working hours, blocked dates, jobs per day and bases, or null (decision 124). */
export function getAvailability(signal?: AbortSignal) {
  return apiRequest('/api/provider/availability', {
    schema: ZProviderAvailabilityResponse,
    ...(signal ? { signal } : {}),
  });
}

export const availabilityQueryOptions = queryOptions({
  queryKey: providerDashboardKeys.availability(),
  queryFn: ({ signal }) => getAvailability(signal),
});

export function useAvailability() {
  return useQuery(availabilityQueryOptions);
}
