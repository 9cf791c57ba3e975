import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { providerKeys } from './provider-keys.ts';

/** DELETE /api/provider/devices/:id → 204. */
export function deleteDevice(id: string) {
  return apiRequest(`/api/provider/devices/${id}`, { method: 'DELETE', schema: z.null() });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.devices() }),
  });
}
