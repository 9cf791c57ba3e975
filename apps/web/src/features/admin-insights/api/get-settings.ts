import { ZSettings } from '@spacecapture/shared/contracts/admin-console/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { insightsKeys } from './insights-keys.ts';

/** GET /api/admin/settings → the feature flags and which of them the caller may change. */
export function getSettings(signal?: AbortSignal) {
  return apiRequest('/api/admin/settings', { schema: ZSettings, ...(signal ? { signal } : {}) });
}

export const settingsQueryOptions = queryOptions({
  queryKey: insightsKeys.settings(),
  queryFn: ({ signal }) => getSettings(signal),
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
