import { ZProviderSettings } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerDashboardKeys } from './provider-dashboard-keys.ts';

/** GET /api/provider/settings → business name, contact, availability, regions, notification preferences. */
export function getSettings(signal?: AbortSignal) {
  return apiRequest('/api/provider/settings', { schema: ZProviderSettings, ...(signal ? { signal } : {}) });
}

export const settingsQueryOptions = queryOptions({
  queryKey: providerDashboardKeys.settings(),
  queryFn: ({ signal }) => getSettings(signal),
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
