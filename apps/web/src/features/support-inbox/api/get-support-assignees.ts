import { ZSupportAssignees } from '@spacecapture/shared/contracts/admin-console/support-requests';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { supportInboxKeys } from './support-inbox-keys.ts';

/** GET /api/admin/support-requests/assignees → every admin a request can be assigned to. */
export function useSupportAssignees() {
  return useQuery({
    ...endpointQuery(supportInboxKeys.assignees(), '/api/admin/support-requests/assignees', ZSupportAssignees),
    staleTime: 60_000,
  });
}
