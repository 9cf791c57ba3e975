import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { useRefreshingMutation } from '../../lib/api-hooks.ts';
import { providerKeys } from './provider-keys.ts';

/** DELETE /api/provider/devices/:id → 204. */
export function deleteDevice(id: string) {
  return apiRequest(`/api/provider/devices/${id}`, { method: 'DELETE', schema: z.null() });
}

/** `onSuccess` is the mutation's own (its success toast survives the component that started it). */
export function useDeleteDevice(options: { onSuccess?: (id: string) => void } = {}) {
  return useRefreshingMutation(providerKeys.devices(), {
    mutationFn: deleteDevice,
    onSuccess: (_answer, id) => options.onSuccess?.(id),
  });
}
