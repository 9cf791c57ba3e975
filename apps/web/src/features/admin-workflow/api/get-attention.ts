import { ZAdminDashboard } from '@spacecapture/shared/contracts/admin-console/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/dashboard → the dashboard's counts of what needs an admin. */
export function getAttention(signal?: AbortSignal) {
  return apiRequest('/api/admin/dashboard', { schema: ZAdminDashboard, ...(signal ? { signal } : {}) });
}

export const attentionQueryOptions = queryOptions({
  queryKey: workflowKeys.attention(),
  queryFn: ({ signal }) => getAttention(signal),
});

export function useAttention() {
  return useQuery(attentionQueryOptions);
}
