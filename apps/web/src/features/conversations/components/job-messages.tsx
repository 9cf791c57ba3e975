import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { providerConversation } from '../api/conversation-keys.ts';
import { MessagesPanel } from './messages-panel.tsx';

/**
 * Messages on a provider's job: with the SpaceCapture team, once the job is accepted. Before
 * acceptance there is no conversation (the server answers 404), so nothing about the customer can show.
 */
export function JobMessages({ assignmentId, accepted }: { assignmentId: string; accepted: boolean }) {
  const [open, setOpen] = useState(false);
  if (!accepted) {
    return (
      <Text size="sm" c="dimmed">
        Messages with the SpaceCapture team open once you accept the job.
      </Text>
    );
  }
  return open ? (
    <MessagesPanel endpoint={providerConversation(assignmentId)} />
  ) : (
    <Button variant="light" size="xs" onClick={() => setOpen(true)} w="fit-content">
      Messages
    </Button>
  );
}
