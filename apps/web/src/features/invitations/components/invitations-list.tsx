import { Button, Group, Table } from '@mantine/core';
import { INVITATION_MESSAGES, type TInvitation } from '@spacecapture/shared/contracts/invitations';
import { formatDate } from '@spacecapture/shared/format';
import { canTransition, INVITATION_MACHINE } from '@spacecapture/shared/state-machines';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { PortalSection } from '../../../components/portal/portal-section.tsx';
import { InvitationStatusBadge } from '../../../components/portal/status-badge.tsx';
import { formatRole } from '../../../lib/auth/roles-text.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { useResendInvitation } from '../api/resend-invitation.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import { CopyInvitationLink } from './copy-invitation-link.tsx';

/** Resend re-opens an invitation (a new link): any but an accepted one, whose account exists. */
function canResend(invitation: TInvitation) {
  return canTransition(INVITATION_MACHINE, invitation.status, 'pending');
}

function InvitationActions({ invitation }: { invitation: TInvitation }) {
  const resend = useResendInvitation({
    onSuccess: (updated) =>
      notifySuccess({
        title: INVITATION_MESSAGES.resent,
        message: `A new link was sent to ${updated.email}; the previous link no longer works.`,
      }),
  });
  const revoke = useRevokeInvitation({
    onSuccess: (updated) =>
      notifySuccess({
        title: INVITATION_MESSAGES.revoked,
        message: `The invitation for ${updated.email} can no longer be used.`,
      }),
  });
  const busy = resend.isPending || revoke.isPending;

  function onResend() {
    resend.mutate(invitation.id, {
      onError: (error) =>
        notifyError({ title: INVITATION_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) }),
    });
  }
  function onRevoke() {
    revoke.mutate(invitation.id, {
      onError: (error) =>
        notifyError({ title: INVITATION_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) }),
    });
  }

  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end" align="flex-start">
      {invitation.status === 'pending' ? <CopyInvitationLink invitation={invitation} /> : null}
      {canResend(invitation) ? (
        <Button
          size="xs"
          variant="light"
          onClick={onResend}
          loading={resend.isPending}
          disabled={busy}
          aria-label={`Resend invitation to ${invitation.email}`}
        >
          Resend
        </Button>
      ) : null}
      {invitation.status === 'pending' ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={onRevoke}
          loading={revoke.isPending}
          disabled={busy}
          aria-label={`Revoke invitation to ${invitation.email}`}
        >
          Revoke
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * Every invitation, newest first (spec 001 §2, §4): Resend on all the spec knows (pending, revoked)
 * and on expired ones, never on an accepted one; Copy link and Revoke on pending ones.
 */
export function InvitationsList() {
  const invitations = useInvitations();
  const items = invitations.data?.pages.flatMap((page) => page.items) ?? [];

  const body = (
    <ListState query={invitations} count={items.length} what="invitations" empty={INVITATION_MESSAGES.empty}>
      <DataTable
        label="Invitations"
        minWidth={820}
        verticalSpacing="sm"
        highlightOnHover
        columns={['Email', 'Organization', 'Role', 'Status', 'Sent', 'Expires', { hidden: 'Actions' }]}
      >
        {items.map((invitation) => (
          <Table.Tr key={invitation.id}>
            <Table.Td>{invitation.email}</Table.Td>
            <Table.Td>{invitation.organization?.name ?? '—'}</Table.Td>
            <Table.Td>{formatRole(invitation.roleSuggested)}</Table.Td>
            <Table.Td>
              <InvitationStatusBadge status={invitation.status} />
            </Table.Td>
            <Table.Td>{formatDate(invitation.createdAt)}</Table.Td>
            <Table.Td>{formatDate(invitation.expiresAt)}</Table.Td>
            <Table.Td>
              <InvitationActions invitation={invitation} />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </ListState>
  );

  return (
    <PortalSection title="Invitations">
      {body}
      {invitations.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => invitations.fetchNextPage()}
            loading={invitations.isFetchingNextPage}
          >
            Load more
          </Button>
        </Group>
      ) : null}
    </PortalSection>
  );
}
