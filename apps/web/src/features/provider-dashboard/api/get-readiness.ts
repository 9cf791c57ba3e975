import { ZReadiness } from '@spacecapture/shared/provider-readiness';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { providerDashboardKeys } from './provider-dashboard-keys.ts';

/** GET /api/provider/readiness → what the caller's organisation still needs before dispatch can offer it jobs. */
export function getReadiness(signal?: AbortSignal) {
  return apiRequest('/api/provider/readiness', { schema: ZReadiness, ...(signal ? { signal } : {}) });
}

export function useReadiness() {
  return useQuery(
    queryOptions({ queryKey: providerDashboardKeys.readiness(), queryFn: ({ signal }) => getReadiness(signal) }),
  );
}
