import { ZInvitation } from '@spacecapture/shared/contracts/invitations';
import { sendJson, type TMutationHookOptions, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { invitationKeys } from './invitation-keys.ts';

/** POST /api/admin/invitations/:id/revoke (pending invitations only; 409 otherwise). */
export function revokeInvitation(id: string) {
  return sendJson(`/api/admin/invitations/${encodeURIComponent(id)}/revoke`, {}, ZInvitation);
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useRevokeInvitation(options: TMutationHookOptions<typeof revokeInvitation> = {}) {
  return useRefreshingMutation(invitationKeys.list(), {
    mutationFn: revokeInvitation,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
  });
}
