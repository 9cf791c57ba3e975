import {
  type TCreateApiKeyRequest,
  type TCreatedApiKey,
  ZCreatedApiKey,
} from '@spacecapture/shared/contracts/api-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './api-key-keys.ts';

/** POST …/api-keys: the answer holds the whole key, shown only this once. */
export function createApiKey(basePath: string, request: TCreateApiKeyRequest) {
  return apiRequest(basePath, { method: 'POST', json: request, schema: ZCreatedApiKey });
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useCreateApiKey(basePath: string, options: { onSuccess?: (data: TCreatedApiKey) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateApiKeyRequest) => createApiKey(basePath, request),
    onSuccess: (data) => options.onSuccess?.(data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(basePath) }),
  });
}
