import { ZProviderSettings } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** The provider's business profile and notification settings. */
export const settingsKey = [...providerKeys.all, 'settings'] as const;

/** GET /api/provider/settings → business name, contact, availability, regions, notification preferences. */
export function getSettings(signal?: AbortSignal) {
  return apiRequest('/api/provider/settings', { schema: ZProviderSettings, ...(signal ? { signal } : {}) });
}

export const settingsQueryOptions = queryOptions({
  queryKey: settingsKey,
  queryFn: ({ signal }) => getSettings(signal),
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
