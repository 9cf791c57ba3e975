import { ZAdminDashboard } from '@spacecapture/shared/contracts/admin-console/dashboard';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/dashboard → the dashboard's counts of what needs an admin. */
export function useAttention() {
  return useQuery(endpointQuery(workflowKeys.attention(), '/api/admin/dashboard', ZAdminDashboard));
}
