import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TProfile } from '@spacecapture/shared/contracts/auth';
import {
  INVITATION_MESSAGES,
  type TTeam,
  type TTeamInviteRequest,
  ZTeamInviteRequest,
} from '@spacecapture/shared/contracts/invitations';
import { formatDate } from '@spacecapture/shared/format';
import { isOrgAdminRole, teamMemberRoleOf } from '@spacecapture/shared/roles';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { InvitationStatusBadge } from '../../../components/portal/status-badge.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatRole } from '../../../lib/auth/roles-text.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useTeam } from '../api/get-team.ts';
import { useInviteTeamMember } from '../api/invite-team-member.ts';
import { useRemoveTeamMember } from '../api/remove-team-member.ts';
import { useRevokeTeamInvitation } from '../api/revoke-team-invitation.ts';

type TMember = TTeam['members'][number];

function failed(error: unknown, fallback = NETWORK_FALLBACK) {
  notifyError({ title: INVITATION_MESSAGES.failedTitle, message: errorMessage(error, fallback) });
}

function OrganizationDetails({ team, profile }: { team: TTeam; profile: TProfile }) {
  const rows = [
    ['Name', team.organization.name],
    ['Type', team.organization.type === 'provider' ? 'Provider' : 'Customer'],
    ['Your role', formatRole(profile.role)],
    ['Members', String(team.members.length)],
  ] as const;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} fz={20} mb="md">
        Organization Details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" fw={600} m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function InviteTeammateForm({ team }: { team: TTeam }) {
  const invite = useInviteTeamMember();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TTeamInviteRequest>({ resolver: zodResolver(ZTeamInviteRequest), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const invitation = await invite.mutateAsync(values);
      notifySuccess({ title: INVITATION_MESSAGES.sentTitle, message: INVITATION_MESSAGES.sent(invitation.email) });
      reset({ email: '' });
    } catch (error) {
      const fieldMessage = error instanceof ApiError ? error.fields.email : undefined;
      if (fieldMessage) setError('email', { message: fieldMessage });
      failed(error, INVITATION_MESSAGES.sendFallback);
    }
  });

  return (
    <Paper component="form" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} onSubmit={onSubmit} noValidate>
      <Title order={2} fz={20}>
        Invite a teammate
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        They join {team.organization.name} as {formatRole(teamMemberRoleOf(team.organization.type))} with the link we
        e-mail them.
      </Text>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Email"
          type="email"
          placeholder="teammate@company.com"
          autoComplete="off"
          required
          error={errors.email?.message}
          style={{ flex: '1 1 260px', maxWidth: 420 }}
          {...register('email')}
        />
        <Button type="submit" loading={isSubmitting} mt={{ base: 0, sm: 25 }}>
          Send Invitation
        </Button>
      </Group>
    </Paper>
  );
}

function TeamMembers({ team, profile, canManage }: { team: TTeam; profile: TProfile; canManage: boolean }) {
  const remove = useRemoveTeamMember({
    onSuccess: (_answer, userId) => {
      const email = team.members.find((member) => member.userId === userId)?.email;
      notifySuccess({ title: 'Member removed', message: `${email ?? 'The member'} no longer has access.` });
    },
  });
  const [confirming, setConfirming] = useState<TMember | null>(null);

  function onConfirm() {
    if (!confirming) return;
    const member = confirming;
    remove.mutate(member.userId, {
      onSuccess: () => setConfirming(null),
      onError: (error) => failed(error),
    });
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} fz={20} mb="md">
        Team Members
      </Title>
      <DataTable
        label="Team members"
        minWidth={560}
        verticalSpacing="sm"
        columns={['Name', 'Email', 'Role', 'Joined', ...(canManage ? [{ hidden: 'Actions' }] : [])]}
      >
        {team.members.map((member) => (
          <Table.Tr key={member.userId}>
            <Table.Td>
              {member.name}
              {member.userId === profile.user.id ? (
                <Text span size="sm" c="dimmed">
                  {' '}
                  (you)
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{member.email}</Table.Td>
            <Table.Td>{formatRole(member.role)}</Table.Td>
            <Table.Td>{formatDate(member.joinedAt)}</Table.Td>
            {canManage ? (
              <Table.Td ta="right">
                {member.userId !== profile.user.id && !isOrgAdminRole(member.role) ? (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setConfirming(member)}
                    aria-label={`Remove ${member.email}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </DataTable>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Remove team member" centered>
        <Text>
          Remove {confirming?.email}? Their account ends and they can no longer sign in. This cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={remove.isPending}>
            Remove member
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}

function PendingInvitations({ team, canManage }: { team: TTeam; canManage: boolean }) {
  const revoke = useRevokeTeamInvitation({
    onSuccess: (updated) =>
      notifySuccess({
        title: INVITATION_MESSAGES.revoked,
        message: `The invitation for ${updated.email} can no longer be used.`,
      }),
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} fz={20} mb="md">
        Pending Invitations
      </Title>
      {team.pendingInvitations.length === 0 ? (
        <Text c="dimmed">No pending invitations.</Text>
      ) : (
        <DataTable
          label="Pending invitations"
          minWidth={560}
          verticalSpacing="sm"
          columns={['Email', 'Role', 'Status', 'Expires', ...(canManage ? [{ hidden: 'Actions' }] : [])]}
        >
          {team.pendingInvitations.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td>{invitation.email}</Table.Td>
              <Table.Td>{formatRole(invitation.roleSuggested)}</Table.Td>
              <Table.Td>
                <InvitationStatusBadge status={invitation.status} />
              </Table.Td>
              <Table.Td>{formatDate(invitation.expiresAt)}</Table.Td>
              {canManage ? (
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    loading={revoke.isPending && revoke.variables === invitation.id}
                    aria-label={`Revoke invitation to ${invitation.email}`}
                    onClick={() => revoke.mutate(invitation.id, { onError: (error) => failed(error) })}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Paper>
  );
}

/**
 * The caller's organisation (customer and provider portals): details, members with their roles and
 * pending invitations; organisation admins also invite teammates, remove them and revoke invitations.
 */
export function OrganizationTeam({ profile }: { profile: TProfile }) {
  const team = useTeam();
  if (team.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading organization" />
      </Center>
    );
  }
  if (team.isError) return <QueryError error={team.error} onRetry={() => team.refetch()} what="your organization" />;
  const canManage = isOrgAdminRole(profile.role);
  return (
    <Stack gap="lg">
      <OrganizationDetails team={team.data} profile={profile} />
      <TeamMembers team={team.data} profile={profile} canManage={canManage} />
      {canManage ? <InviteTeammateForm team={team.data} /> : null}
      <PendingInvitations team={team.data} canManage={canManage} />
    </Stack>
  );
}
