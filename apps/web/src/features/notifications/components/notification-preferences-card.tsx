import { Button, Center, Group, Loader, Stack, Switch, Table, Text } from '@mantine/core';
import { NOTIFICATION_MESSAGES, type TNotificationPreference } from '@spacecapture/shared/contracts/notifications';
import { NOTIFICATION_EVENTS } from '@spacecapture/shared/notifications';
import { type ReactNode, useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { TitledCard } from '../../../components/portal/titled-card.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences.ts';
import { MessageDigestSwitch } from './message-digest-switch.tsx';

/** The matrix as edited: starts from the server's, saved as a whole. */
function PreferencesForm({ initial }: { initial: readonly TNotificationPreference[] }) {
  const [rows, setRows] = useState(initial);
  const save = useSaveNotificationPreferences({
    onSuccess: () =>
      notifySuccess({
        title: NOTIFICATION_MESSAGES.preferencesSavedTitle,
        message: NOTIFICATION_MESSAGES.preferencesSaved,
      }),
    onError: (error) =>
      notifyError({ title: NOTIFICATION_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) }),
  });
  const change = (eventType: string, patch: Partial<TNotificationPreference>) =>
    setRows((current) => current.map((row) => (row.eventType === eventType ? { ...row, ...patch } : row)));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ items: [...rows] });
      }}
    >
      <Stack gap="md">
        <DataTable label="Notification preferences" minWidth={520} columns={['Event', 'E-mail', 'In the app']}>
          {rows.map((row) => {
            const event = NOTIFICATION_EVENTS[row.eventType];
            return (
              <Table.Tr key={row.eventType}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {event.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {event.description}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {row.email === null ? (
                    <Text size="xs" c="dimmed">
                      To the company address
                    </Text>
                  ) : (
                    <Switch
                      aria-label={`E-mail: ${event.label}`}
                      checked={row.email}
                      onChange={(change_) => change(row.eventType, { email: change_.currentTarget.checked })}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`In the app: ${event.label}`}
                    checked={row.inApp}
                    onChange={(change_) => change(row.eventType, { inApp: change_.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save preferences
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Notification preferences (decision 121): for each event the role receives, e-mail and in-app on
 * or off, for this person alone. In every portal's account settings.
 */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  let body: ReactNode;
  if (preferences.isPending) {
    body = (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading notification preferences" />
      </Center>
    );
  } else if (preferences.isError) {
    body = (
      <QueryError
        error={preferences.error}
        onRetry={() => preferences.refetch()}
        what="your notification preferences"
      />
    );
  } else {
    body = <PreferencesForm initial={preferences.data.items} />;
  }
  return (
    <TitledCard
      id="notifications"
      headingId="notification-preferences-heading"
      title="Notifications"
      description="Choose how you hear about each event: by e-mail, in the app, both or neither."
    >
      {body}
      <MessageDigestSwitch />
    </TitledCard>
  );
}
