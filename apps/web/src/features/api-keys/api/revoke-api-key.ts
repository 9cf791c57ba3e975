import { type TApiKey, ZApiKey } from '@spacecapture/shared/contracts/api-keys';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { apiKeyKeys } from './api-key-keys.ts';

/** POST …/api-keys/:id/revoke: refused from the next request on. */
export function revokeApiKey(basePath: string, id: string) {
  return sendJson(`${basePath}/${encodeURIComponent(id)}/revoke`, {}, ZApiKey);
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useRevokeApiKey(basePath: string, options: { onSuccess?: (data: TApiKey) => void } = {}) {
  return useRefreshingMutation(apiKeyKeys.list(basePath), {
    mutationFn: (id: string) => revokeApiKey(basePath, id),
    onSuccess: (data) => options.onSuccess?.(data),
  });
}
