import { ZApiKeyList } from '@spacecapture/shared/contracts/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiKeyKeys } from './api-key-keys.ts';

/** GET /api/customer/api-keys or /api/admin/api-keys → the owner's keys, newest first. */
export function getApiKeys(basePath: string, signal?: AbortSignal) {
  return apiRequest(basePath, { schema: ZApiKeyList, ...(signal ? { signal } : {}) });
}

export function apiKeysQueryOptions(basePath: string) {
  return queryOptions({ queryKey: apiKeyKeys.list(basePath), queryFn: ({ signal }) => getApiKeys(basePath, signal) });
}

export function useApiKeys(basePath: string) {
  return useQuery(apiKeysQueryOptions(basePath));
}
