import { Group, Paper, Text } from '@mantine/core';
import { formatDateTime } from '@spacecapture/shared/format';

/**
 * One message of a support thread, the same on the admin's inbox and the customer's Support tab:
 * who wrote it and when, the text as typed; the team's messages tinted.
 */
export function ThreadMessage({
  author,
  at,
  message,
  fromTeam,
}: {
  author: string;
  at: string;
  message: string;
  fromTeam: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="sm" bg={fromTeam ? 'var(--mantine-color-teal-light)' : undefined}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text fw={600} size="sm">
          {author}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(at)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {message}
      </Text>
    </Paper>
  );
}
