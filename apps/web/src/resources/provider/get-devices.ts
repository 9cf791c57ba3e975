import { ZDeviceList } from '@spacecapture/shared/contracts/provider-portal';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/api-hooks.ts';
import { providerKeys } from './provider-keys.ts';

/** GET /api/provider/devices → the organisation's devices, newest first. */
export function useDevices() {
  return useQuery(endpointQuery(providerKeys.devices(), '/api/provider/devices', ZDeviceList));
}
