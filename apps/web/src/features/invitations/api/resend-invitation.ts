import { ZInvitation } from '@spacecapture/shared/contracts/invitations';
import { sendJson, type TMutationHookOptions, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { invitationKeys } from './invitation-keys.ts';

/** POST /api/admin/invitations/:id/resend: a new link and expiry; the old link stops working. */
export function resendInvitation(id: string) {
  return sendJson(`/api/admin/invitations/${encodeURIComponent(id)}/resend`, {}, ZInvitation);
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useResendInvitation(options: TMutationHookOptions<typeof resendInvitation> = {}) {
  return useRefreshingMutation(invitationKeys.list(), {
    mutationFn: resendInvitation,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
  });
}
