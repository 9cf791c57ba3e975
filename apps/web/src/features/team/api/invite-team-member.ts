import { type TTeamInviteRequest, ZInvitation } from '@spacecapture/shared/contracts/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { teamKeys } from './team-keys.ts';

/** POST /api/organization/invitations {email}: org admins invite a teammate (the org's _user role). */
export function inviteTeamMember(request: TTeamInviteRequest) {
  return sendJson('/api/organization/invitations', request, ZInvitation);
}

export function useInviteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
