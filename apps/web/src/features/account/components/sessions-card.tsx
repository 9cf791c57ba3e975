import { Badge, Button, Center, Group, Loader, Table } from '@mantine/core';
import { ACCOUNT_MESSAGES } from '@spacecapture/shared/contracts/account';
import { AUTH_MESSAGES } from '@spacecapture/shared/contracts/auth';
import { formatDateTime } from '@spacecapture/shared/format';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { TitledCard } from '../../../components/portal/titled-card.tsx';
import { useSignOut } from '../../../lib/auth/sign-out.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSessions } from '../api/list-sessions.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSessions } from '../api/revoke-sessions.ts';
import { describeDevice } from './describe-device.ts';

function signOutFailed(error: unknown) {
  notifyError({ title: AUTH_MESSAGES.signOutFailed, message: errorMessage(error, NETWORK_FALLBACK) });
}

/**
 * The user's signed-in devices and the three sign-out scopes (spec 000 §4): this device (local),
 * the other devices (others), everywhere (global).
 */
export function SessionsCard() {
  const sessions = useSessions();
  const signOut = useSignOut();
  const revokeOthers = useRevokeOtherSessions({
    onSuccess: () =>
      notifySuccess({ title: ACCOUNT_MESSAGES.signedOutOthersTitle, message: ACCOUNT_MESSAGES.signedOutOthers }),
  });
  const revokeAll = useRevokeSessions();
  const busy = signOut.isPending || revokeOthers.isPending || revokeAll.isPending;

  let list: ReactNode;
  if (sessions.isPending) {
    list = (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading sessions" />
      </Center>
    );
  } else if (sessions.isError) {
    list = <QueryError error={sessions.error} onRetry={() => sessions.refetch()} what="your sessions" />;
  } else {
    list = (
      <DataTable
        label="Signed-in devices"
        minWidth={620}
        verticalSpacing="sm"
        columns={['Device', 'IP address', 'Signed in', 'Last active', 'Expires']}
      >
        {sessions.data.map((session) => (
          <Table.Tr key={session.id}>
            <Table.Td>
              <Group gap="xs">
                <span>{describeDevice(session.userAgent)}</span>
                {session.current ? (
                  <Badge size="sm" variant="light" color="teal" style={{ flex: 'none' }}>
                    This device
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>{session.ipAddress || '—'}</Table.Td>
            <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
            <Table.Td>{formatDateTime(session.updatedAt)}</Table.Td>
            <Table.Td>{formatDateTime(session.expiresAt)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    );
  }

  return (
    <TitledCard headingId="sessions-heading" title="Sessions" description="Where your account is signed in.">
      {list}
      <Group gap="sm">
        <Button
          variant="default"
          disabled={busy}
          loading={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onError: signOutFailed })}
        >
          Sign out of this device
        </Button>
        <Button
          variant="default"
          disabled={busy}
          loading={revokeOthers.isPending}
          onClick={() => revokeOthers.mutate(undefined, { onError: signOutFailed })}
        >
          Sign out other devices
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={busy}
          loading={revokeAll.isPending}
          onClick={() => revokeAll.mutate(undefined, { onError: signOutFailed })}
        >
          Sign out everywhere
        </Button>
      </Group>
    </TitledCard>
  );
}
