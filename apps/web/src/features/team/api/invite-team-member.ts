import { type TTeamInviteRequest, ZInvitation } from '@spacecapture/shared/contracts/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { teamKeys } from './team-keys.ts';

/** POST /api/organization/invitations {email}: org admins invite a teammate (the org's _user role). */
export function inviteTeamMember(request: TTeamInviteRequest) {
  return apiRequest('/api/organization/invitations', { method: 'POST', json: request, schema: ZInvitation });
}

export function useInviteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteTeamMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
