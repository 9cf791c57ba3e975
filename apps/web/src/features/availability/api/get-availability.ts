import { ZProviderAvailabilityResponse } from '@spacecapture/shared/contracts/dispatch';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** The provider's working hours and areas (nested under the provider's data: one invalidation reaches it). */
export const availabilityKey = [...providerKeys.all, 'availability'] as const;

/** GET /api/provider/availability → working hours, blocked dates, jobs per day and bases, or null (decision 124). */
export function getAvailability(signal?: AbortSignal) {
  return apiRequest('/api/provider/availability', {
    schema: ZProviderAvailabilityResponse,
    ...(signal ? { signal } : {}),
  });
}

export const availabilityQueryOptions = queryOptions({
  queryKey: availabilityKey,
  queryFn: ({ signal }) => getAvailability(signal),
});

export function useAvailability() {
  return useQuery(availabilityQueryOptions);
}
