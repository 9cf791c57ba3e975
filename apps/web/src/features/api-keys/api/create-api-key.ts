import {
  type TCreateApiKeyRequest,
  type TCreatedApiKey,
  ZCreatedApiKey,
} from '@spacecapture/shared/contracts/api-keys';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { apiKeyKeys } from './api-key-keys.ts';

/** POST …/api-keys: the answer holds the whole key, shown only this once. */
export function createApiKey(basePath: string, request: TCreateApiKeyRequest) {
  return sendJson(basePath, request, ZCreatedApiKey);
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useCreateApiKey(basePath: string, options: { onSuccess?: (data: TCreatedApiKey) => void } = {}) {
  return useRefreshingMutation(apiKeyKeys.list(basePath), {
    mutationFn: (request: TCreateApiKeyRequest) => createApiKey(basePath, request),
    onSuccess: (data) => options.onSuccess?.(data),
  });
}
