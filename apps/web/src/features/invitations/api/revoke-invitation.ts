import { ZInvitation } from '@spacecapture/shared/contracts/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TMutationHookOptions } from '../../../lib/api-hooks.ts';
import { invitationKeys } from './invitation-keys.ts';

/** POST /api/admin/invitations/:id/revoke (pending invitations only; 409 otherwise). */
export function revokeInvitation(id: string) {
  return apiRequest(`/api/admin/invitations/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    json: {},
    schema: ZInvitation,
  });
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useRevokeInvitation(options: TMutationHookOptions<typeof revokeInvitation> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.list() }),
  });
}
