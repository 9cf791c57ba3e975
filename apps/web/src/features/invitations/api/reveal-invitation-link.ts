import { INVITATION_MESSAGES, ZInvitationLink } from '@spacecapture/shared/contracts/invitations';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';

/** POST /api/admin/invitations/:id/link → { url } of a pending invitation (audited; decision 091). */
export function revealInvitationLink(id: string) {
  return sendJson(`/api/admin/invitations/${encodeURIComponent(id)}/link`, {}, ZInvitationLink);
}

/** Puts the link on the clipboard; false when the browser refuses (the field still shows it). */
async function copyToClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** "Copy link": fetches the link, copies it and says so (the toast belongs to the mutation). */
export function useRevealInvitationLink() {
  return useMutation({
    mutationFn: (invitation: { id: string; email: string }) => revealInvitationLink(invitation.id),
    onSuccess: async ({ url }, invitation) => {
      if (await copyToClipboard(url)) {
        notifySuccess({
          title: INVITATION_MESSAGES.linkCopiedTitle,
          message: INVITATION_MESSAGES.linkCopied(invitation.email),
        });
      } else {
        notifySuccess({ title: INVITATION_MESSAGES.linkShownTitle, message: INVITATION_MESSAGES.linkShown });
      }
    },
    onError: (error) =>
      notifyError({ title: INVITATION_MESSAGES.linkFailedTitle, message: errorMessage(error, NETWORK_FALLBACK) }),
  });
}
