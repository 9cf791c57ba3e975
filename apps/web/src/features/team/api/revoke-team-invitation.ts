import { ZInvitation } from '@spacecapture/shared/contracts/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TMutationHookOptions } from '../../../lib/api-hooks.ts';
import { teamKeys } from './team-keys.ts';

/** POST /api/organization/invitations/:id/revoke: an org admin revokes a pending invitation of theirs. */
export function revokeTeamInvitation(id: string) {
  return apiRequest(`/api/organization/invitations/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    json: {},
    schema: ZInvitation,
  });
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useRevokeTeamInvitation(options: TMutationHookOptions<typeof revokeTeamInvitation> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeTeamInvitation,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
