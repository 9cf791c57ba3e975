import { ZApiKeyList } from '@spacecapture/shared/contracts/api-keys';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { apiKeyKeys } from './api-key-keys.ts';

/** GET /api/customer/api-keys or /api/admin/api-keys → the owner's keys, newest first. */
export function apiKeysQueryOptions(basePath: string) {
  return endpointQuery(apiKeyKeys.list(basePath), basePath, ZApiKeyList);
}

export function useApiKeys(basePath: string) {
  return useQuery(apiKeysQueryOptions(basePath));
}
