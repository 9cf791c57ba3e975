import { ZInvitation } from '@spacecapture/shared/contracts/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { TMutationHookOptions } from '../../../lib/api-hooks.ts';
import { invitationKeys } from './invitation-keys.ts';

/** POST /api/admin/invitations/:id/resend: a new link and expiry; the old link stops working. */
export function resendInvitation(id: string) {
  return apiRequest(`/api/admin/invitations/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
    json: {},
    schema: ZInvitation,
  });
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useResendInvitation(options: TMutationHookOptions<typeof resendInvitation> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.list() }),
  });
}
