import { Button, Stack, TextInput } from '@mantine/core';
import { INVITATION_MESSAGES } from '@spacecapture/shared/contracts/invitations';
import { useRevealInvitationLink } from '../api/reveal-invitation-link.ts';

/**
 * "Copy link" for a pending invitation (decision 091): the link goes to the clipboard and shows in
 * a read-only field, so the admin can pass it on when no e-mail reaches the person.
 */
export function CopyInvitationLink({ invitation }: { invitation: { id: string; email: string } }) {
  const reveal = useRevealInvitationLink();
  return (
    <Stack gap={6} align="flex-end">
      <Button
        size="xs"
        variant="light"
        onClick={() => reveal.mutate(invitation)}
        loading={reveal.isPending}
        aria-label={`Copy link for ${invitation.email}`}
      >
        {INVITATION_MESSAGES.copyLink}
      </Button>
      {reveal.data ? (
        <TextInput
          readOnly
          size="xs"
          w={280}
          label={`Invitation link for ${invitation.email}`}
          value={reveal.data.url}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </Stack>
  );
}
