import {
  INVITATION_MESSAGES,
  type TCreateInvitationRequest,
  ZInvitation,
} from '@spacecapture/shared/contracts/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { adminKeys } from '../../../resources/admin/admin-keys.ts';
import { invitationKeys } from './invitation-keys.ts';

/** POST /api/admin/invitations → 201 the invitation (its link is e-mailed). */
export function createInvitation(request: TCreateInvitationRequest) {
  return sendJson('/api/admin/invitations', request, ZInvitation);
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: (invitation, request) => {
      notifySuccess({ title: INVITATION_MESSAGES.sentTitle, message: INVITATION_MESSAGES.sent(invitation.email) });
      void queryClient.invalidateQueries({ queryKey: invitationKeys.list() });
      // A new organisation by name now exists: the picker lists it.
      void queryClient.invalidateQueries({ queryKey: adminKeys.organizationOptions(request.orgType) });
    },
  });
}
