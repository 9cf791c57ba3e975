import { ZAdminSupportRequestDetail } from '@spacecapture/shared/contracts/admin-console/support-requests';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { supportInboxKeys } from './support-inbox-keys.ts';

/** GET /api/admin/support-requests/:id → the request with its thread. */
export function useSupportRequest(id: string) {
  return useQuery(
    endpointQuery(
      supportInboxKeys.detail(id),
      `/api/admin/support-requests/${encodeURIComponent(id)}`,
      ZAdminSupportRequestDetail,
    ),
  );
}
