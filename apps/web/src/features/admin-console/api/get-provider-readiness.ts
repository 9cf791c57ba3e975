import { ZReadiness } from '@spacecapture/shared/provider-readiness';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { consoleKeys } from './console-keys.ts';

/** GET /api/admin/providers/:id/readiness → what the provider still needs before dispatch can offer it jobs. */
export function getProviderReadiness(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/providers/${encodeURIComponent(id)}/readiness`, {
    schema: ZReadiness,
    ...(signal ? { signal } : {}),
  });
}

/** Under the provider's key, so a certification verdict (which refreshes the providers) refreshes it too. */
export function useProviderReadiness(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...consoleKeys.provider(id), 'readiness'],
      queryFn: ({ signal }) => getProviderReadiness(id, signal),
    }),
  );
}
