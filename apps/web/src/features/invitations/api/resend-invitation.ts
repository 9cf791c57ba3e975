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

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useResendInvitation(
  options: {
    onSuccess?: (
      data: Awaited<ReturnType<typeof resendInvitation>>,
      variables: Parameters<typeof resendInvitation>[0],
    ) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.list() }),
  });
}
