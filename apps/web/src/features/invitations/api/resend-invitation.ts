import { ZInvitation } from '@spacecapture/shared/contracts/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invitationKeys } from './invitation-keys.ts';

/** POST /api/admin/invitations/:id/resend: a new link and expiry; the old link stops working. */
export function resendInvitation(id: string) {
  return apiRequest(`/api/admin/invitations/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
    json: {},
    schema: ZInvitation,
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.list() }),
  });
}
