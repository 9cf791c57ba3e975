import { Alert, Badge, Button, Card, FileInput, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_COUNT,
  ATTACHMENT_TYPES,
  CONVERSATION_MESSAGES,
  MESSAGE_MAX_CHARS,
  type TConversation,
  type TMessageAttachment,
} from '@spacecapture/shared/contracts/conversations';
import { useEffect, useState } from 'react';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import type { TConversationEndpoint } from '../api/conversation-keys.ts';
import { useConversation } from '../api/get-conversation.ts';
import { createAttachmentLink, useMarkRead, usePostMessage } from '../api/post-message.ts';

function formatTime(iso: string) {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function AttachmentButton({ endpoint, file }: { endpoint: TConversationEndpoint; file: TMessageAttachment }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="compact-xs"
      variant="light"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const link = await createAttachmentLink(endpoint, file.id);
          window.location.assign(link.url);
        } catch (error) {
          notifyError({ title: 'Download failed', message: errorMessage(error, NETWORK_FALLBACK) });
        } finally {
          setBusy(false);
        }
      }}
    >
      {file.name}
    </Button>
  );
}

/** The messages of one conversation and the form to post; read on display. */
export function ConversationView({
  endpoint,
  conversation,
  title,
}: {
  endpoint: TConversationEndpoint;
  conversation: TConversation;
  title: string;
}) {
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const post = usePostMessage();
  const markRead = useMarkRead();
  const unread = conversation.unreadCount;
  const { mutate: read, isPending: reading } = markRead;

  useEffect(() => {
    if (unread > 0 && !reading) read(endpoint);
  }, [unread, reading, read, endpoint]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setFormError(CONVERSATION_MESSAGES.body);
    if (files.some((file) => file.size > ATTACHMENT_MAX_BYTES))
      return setFormError(CONVERSATION_MESSAGES.attachmentSize);
    setFormError(null);
    post.mutate(
      { endpoint, body: text, files },
      {
        onSuccess: () => {
          setBody('');
          setFiles([]);
        },
        onError: (error) => setFormError(errorMessage(error, NETWORK_FALLBACK)),
      },
    );
  }

  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {title}
          </Title>
          {unread > 0 ? <Badge color="red">{unread} unread</Badge> : null}
        </Group>
        {conversation.messages.length === 0 ? (
          <Text c="dimmed" size="sm">
            No messages yet.
          </Text>
        ) : (
          <Stack gap="xs" role="log" aria-label={`${title} messages`}>
            {conversation.messages.map((message) => (
              <Card key={message.id} padding="xs" bg={message.mine ? 'var(--mantine-color-default-hover)' : undefined}>
                <Group justify="space-between" gap="xs">
                  <Text fw={600} size="sm">
                    {message.mine ? 'You' : message.authorName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatTime(message.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {message.body}
                </Text>
                {message.attachments.length > 0 ? (
                  <Group gap="xs" mt={4}>
                    {message.attachments.map((file) => (
                      <AttachmentButton key={file.id} endpoint={endpoint} file={file} />
                    ))}
                  </Group>
                ) : null}
              </Card>
            ))}
          </Stack>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            <Textarea
              label="Message"
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              maxLength={MESSAGE_MAX_CHARS}
              autosize
              minRows={2}
            />
            <FileInput
              label="Attachments"
              description={`Images or PDF, up to ${ATTACHMENT_MAX_COUNT} files of 10 MB each`}
              multiple
              clearable
              accept={ATTACHMENT_TYPES.join(',')}
              value={files}
              onChange={(value) => setFiles(value.slice(0, ATTACHMENT_MAX_COUNT))}
            />
            {formError ? (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={post.isPending}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

/** A Messages panel for one conversation by its endpoint (customer order, provider job, admin id). */
export function MessagesPanel({ endpoint, title = 'Messages' }: { endpoint: TConversationEndpoint; title?: string }) {
  const query = useConversation(endpoint);
  if (query.isPending) return <Loader size="sm" aria-label="Loading messages" />;
  if (query.isError) {
    return (
      <Alert color="gray" title={title}>
        {errorMessage(query.error, NETWORK_FALLBACK)}
      </Alert>
    );
  }
  return <ConversationView endpoint={endpoint} conversation={query.data} title={title} />;
}
