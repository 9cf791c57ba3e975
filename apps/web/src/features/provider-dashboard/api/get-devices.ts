import { ZDeviceList } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerDashboardKeys } from './provider-dashboard-keys.ts';

/** GET /api/provider/devices → the organisation's device inventory (the settings' hardware list). */
export function getDevices(signal?: AbortSignal) {
  return apiRequest('/api/provider/devices', { schema: ZDeviceList, ...(signal ? { signal } : {}) });
}

export const devicesQueryOptions = queryOptions({
  queryKey: providerDashboardKeys.devices(),
  queryFn: ({ signal }) => getDevices(signal),
});

export function useDevices() {
  return useQuery(devicesQueryOptions);
}
