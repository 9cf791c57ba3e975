import { type TDevice, type TDeviceRequest, ZDevice } from '@spacecapture/shared/contracts/provider-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../lib/api-hooks.ts';
import { providerKeys } from './provider-keys.ts';

/** POST /api/provider/devices (new) or PATCH /api/provider/devices/:id (edit) → the device. */
export function saveDevice({ id, device }: { id?: string | undefined; device: TDeviceRequest }) {
  return id
    ? sendJson(`/api/provider/devices/${id}`, device, ZDevice, 'PATCH')
    : sendJson('/api/provider/devices', device, ZDevice);
}

/** `onSuccess` is the mutation's own (its success toast survives the component that started it). */
export function useSaveDevice(
  options: { onSuccess?: (device: TDevice, input: Parameters<typeof saveDevice>[0]) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDevice,
    onSuccess: (device, input) => {
      options.onSuccess?.(device, input);
      return queryClient.invalidateQueries({ queryKey: providerKeys.devices() });
    },
  });
}
