import { ZInvitationPreview } from '@spacecapture/shared/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/auth/invitations/:token → what the join page shows of the invitation: who sent it, the
 * address, organisation and role, a quote waiting for the invitee. 404 for an unknown link; 410
 * with the reason (expired, withdrawn, already used) for one that no longer works.
 */
export function getInvitation(token: string) {
  return apiRequest(`/api/auth/invitations/${encodeURIComponent(token)}`, { schema: ZInvitationPreview });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['auth', 'invitation', token],
    queryFn: () => getInvitation(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
