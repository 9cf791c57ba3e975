import { type TApiKey, ZApiKey } from '@spacecapture/shared/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './api-key-keys.ts';

/** POST …/api-keys/:id/revoke: refused from the next request on. */
export function revokeApiKey(basePath: string, id: string) {
  return apiRequest(`${basePath}/${encodeURIComponent(id)}/revoke`, { method: 'POST', json: {}, schema: ZApiKey });
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useRevokeApiKey(basePath: string, options: { onSuccess?: (data: TApiKey) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeApiKey(basePath, id),
    onSuccess: (data) => options.onSuccess?.(data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(basePath) }),
  });
}
