import { ZProviderAvailabilityResponse } from '@spacecapture/shared/contracts/dispatch';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** The provider's working hours and areas (nested under the provider's data: one invalidation reaches it). */
export const availabilityKey = [...providerKeys.all, 'availability'] as const;

/** GET /api/provider/availability → working hours, blocked dates, jobs per day and bases, or null (decision 124). */
export function useAvailability() {
  return useQuery(endpointQuery(availabilityKey, '/api/provider/availability', ZProviderAvailabilityResponse));
}
