import { Alert, Code, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { formatDateTime } from '@spacecapture/shared/format';
import { Fact } from '../../../components/portal/fact.tsx';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { RecordFrame } from '../../../components/portal/record-frame.tsx';
import { useOutboxEmail } from '../api/get-outbox-email.ts';
import { OutboxStatusBadge } from './outbox-status-badge.tsx';

/** One outbox e-mail: its delivery facts, the HTML in a sandboxed frame and the text. */
export function OutboxEmailDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const email = useOutboxEmail(id);

  const body = (
    <RecordState query={email} what="this e-mail">
      {(data) => {
        return (
          <Stack gap="md">
            <Group gap="sm">
              <Title order={2} fz={20}>
                {data.subject}
              </Title>
              <OutboxStatusBadge email={data} />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <Fact label="To">{data.to.join(', ')}</Fact>
              <Fact label="Reply to">{data.replyTo ?? '—'}</Fact>
              <Fact label="Attempts">{data.attempts}</Fact>
              <Fact label="Created">{formatDateTime(data.createdAt)}</Fact>
              <Fact label="Sent">{data.sentAt ? formatDateTime(data.sentAt) : '—'}</Fact>
              <Fact label="Next attempt">{data.nextAttemptAt ? formatDateTime(data.nextAttemptAt) : '—'}</Fact>
            </SimpleGrid>
            {data.lastError ? (
              <Alert color="red" title="Last error">
                <Code block>{data.lastError}</Code>
              </Alert>
            ) : null}
            {data.redacted ? (
              <Alert color="yellow" title="Secret links hidden">
                Links in this e-mail that act for its recipient show REDACTED instead of their token.
              </Alert>
            ) : null}
            <Title order={3} fz={16}>
              HTML
            </Title>
            {/* An empty sandbox: no scripts, no forms, no navigation from the preview. */}
            <iframe
              title={`HTML of ${data.subject}`}
              sandbox=""
              srcDoc={data.html}
              style={{
                width: '100%',
                minHeight: 320,
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 8,
              }}
            />
            <Title order={3} fz={16}>
              Text
            </Title>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="outbox-text">
              {data.text}
            </Code>
          </Stack>
        );
      }}
    </RecordState>
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <RecordFrame onBack={onBack}>{body}</RecordFrame>
    </Paper>
  );
}
