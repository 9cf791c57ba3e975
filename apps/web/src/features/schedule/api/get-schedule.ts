import { ZProviderSchedule } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** GET /api/provider/schedule → proposed and confirmed windows of the accepted jobs, earliest first. */
export function getSchedule(signal?: AbortSignal) {
  return apiRequest('/api/provider/schedule', { schema: ZProviderSchedule, ...(signal ? { signal } : {}) });
}

export const scheduleQueryOptions = queryOptions({
  queryKey: [...providerKeys.all, 'schedule'],
  queryFn: ({ signal }) => getSchedule(signal),
});

export function useSchedule() {
  return useQuery(scheduleQueryOptions);
}
