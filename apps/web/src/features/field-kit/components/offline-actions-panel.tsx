import { Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { onQueueChange, queuedActionsOf, type TQueuedAction } from '../../../lib/offline/offline-queue.ts';
import { sendQueuedActions, type TSendResult } from '../../../resources/provider/offline-actions.ts';
import { providerKeys } from '../../../resources/provider/provider-keys.ts';

function subscribeToSignal(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the device has signal, kept in step with the browser's online and offline events. */
export function useOnline() {
  return useSyncExternalStore(
    subscribeToSignal,
    () => navigator.onLine,
    () => true,
  );
}

const WARNING_TEXT = 'light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-3))';
const ERROR_TEXT = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))';

/**
 * The provider's offline state (decision 225), above every provider page: that the page shows what
 * was last loaded, the actions waiting for signal, and those the server refused once sent (an
 * offer that expired meanwhile). Waiting actions are sent when the signal returns, and when a
 * page opens with signal.
 */
export function OfflineActionsPanel({ userId }: { userId: string }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<TQueuedAction[]>([]);
  const [refused, setRefused] = useState<TSendResult['refused']>([]);

  const reload = useCallback(async () => setWaiting(await queuedActionsOf(userId)), [userId]);
  useEffect(() => {
    void reload();
    return onQueueChange(() => void reload());
  }, [reload]);

  useEffect(() => {
    if (!online) return;
    let current = true;
    void sendQueuedActions(userId).then(async (result) => {
      if (result.sent.length === 0 && result.refused.length === 0) return;
      await queryClient.invalidateQueries({ queryKey: providerKeys.all });
      if (!current) return;
      if (result.refused.length > 0) setRefused((shown) => [...shown, ...result.refused]);
      if (result.sent.length > 0) {
        const count = result.sent.length;
        notifySuccess({
          title: 'Sent',
          message: `${count} ${count === 1 ? 'action' : 'actions'} taken offline ${count === 1 ? 'was' : 'were'} sent.`,
        });
      }
    });
    return () => {
      current = false;
    };
  }, [online, userId, queryClient]);

  if (online && waiting.length === 0 && refused.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {!online ? (
        <Text role="status" size="sm" fw={600} style={{ color: WARNING_TEXT }}>
          You are offline. Jobs and the schedule show what was last loaded on this device.
        </Text>
      ) : null}
      {waiting.length > 0 ? (
        <Paper withBorder p="sm" radius="md" role="region" aria-label="Waiting for signal">
          <Text size="sm" fw={600}>
            Waiting for signal: sent as soon as you are back online
          </Text>
          <List size="sm" mt={4}>
            {waiting.map((action) => (
              <List.Item key={action.id}>{action.label}</List.Item>
            ))}
          </List>
        </Paper>
      ) : null}
      {refused.length > 0 ? (
        <Paper withBorder p="sm" radius="md" role="region" aria-label="Not sent">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text size="sm" fw={600} style={{ color: ERROR_TEXT }}>
                Taken offline, refused once sent
              </Text>
              <List size="sm" mt={4}>
                {refused.map(({ action, message }) => (
                  <List.Item key={action.id}>
                    {action.label}: {message}
                  </List.Item>
                ))}
              </List>
            </div>
            <Button variant="subtle" size="xs" onClick={() => setRefused([])}>
              Dismiss
            </Button>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}
