import { ZAdminProviderDetail } from '@spacecapture/shared/contracts/admin-console/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { consoleKeys } from './console-keys.ts';

/** GET /api/admin/providers/:id → one provider organisation with its members. */
export function getProvider(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/providers/${encodeURIComponent(id)}`, {
    schema: ZAdminProviderDetail,
    ...(signal ? { signal } : {}),
  });
}

export function useProvider(id: string) {
  return useQuery(
    queryOptions({ queryKey: consoleKeys.provider(id), queryFn: ({ signal }) => getProvider(id, signal) }),
  );
}
