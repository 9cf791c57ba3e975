import { ZReadiness } from '@spacecapture/shared/provider-readiness';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** Nested under the provider's data: a change to devices, availability or certifications refreshes it. */
const readinessKey = [...providerKeys.all, 'readiness'] as const;

/** GET /api/provider/readiness → what the caller's organisation still needs before dispatch can offer it jobs. */
export function getReadiness(signal?: AbortSignal) {
  return apiRequest('/api/provider/readiness', { schema: ZReadiness, ...(signal ? { signal } : {}) });
}

/**
 * Read again on every visit: its items are set on other pages (devices, schedule, certification),
 * whose saves need not know of this checklist.
 */
export function useReadiness() {
  return useQuery(
    queryOptions({ queryKey: readinessKey, queryFn: ({ signal }) => getReadiness(signal), refetchOnMount: 'always' }),
  );
}
