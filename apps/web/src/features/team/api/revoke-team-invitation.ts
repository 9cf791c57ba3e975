import { ZInvitation } from '@spacecapture/shared/contracts/invitations';
import { sendJson, type TMutationHookOptions, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { teamKeys } from './team-keys.ts';

/** POST /api/organization/invitations/:id/revoke: an org admin revokes a pending invitation of theirs. */
export function revokeTeamInvitation(id: string) {
  return sendJson(`/api/organization/invitations/${encodeURIComponent(id)}/revoke`, {}, ZInvitation);
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useRevokeTeamInvitation(options: TMutationHookOptions<typeof revokeTeamInvitation> = {}) {
  return useRefreshingMutation(teamKeys.all, {
    mutationFn: revokeTeamInvitation,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
  });
}
