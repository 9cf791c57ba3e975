import { ZDeviceList } from '@spacecapture/shared/contracts/provider-portal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { providerKeys } from './provider-keys.ts';

/** GET /api/provider/devices → the organisation's devices, newest first. */
export function getDevices(signal?: AbortSignal) {
  return apiRequest('/api/provider/devices', { schema: ZDeviceList, ...(signal ? { signal } : {}) });
}

export const devicesQueryOptions = queryOptions({
  queryKey: providerKeys.devices(),
  queryFn: ({ signal }) => getDevices(signal),
});

export function useDevices() {
  return useQuery(devicesQueryOptions);
}
