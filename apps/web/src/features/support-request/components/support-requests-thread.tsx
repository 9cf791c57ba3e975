import { zodResolver } from '@hookform/resolvers/zod';
import { Accordion, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  type TSupportReplyRequest,
  ZSupportReplyRequest,
} from '@spacecapture/shared/contracts/admin-console/support-requests';
import { SUPPORT_LIMITS, type TCustomerSupportRequest } from '@spacecapture/shared/contracts/customer-portal';
import { formatDateTime } from '@spacecapture/shared/format';
import { useForm } from 'react-hook-form';
import { ListState } from '../../../components/portal/list-state.tsx';
import { ThreadMessage } from '../../../components/portal/thread-message.tsx';
import { handleSubmissionError } from '../../../lib/submission-error.ts';
import { useSupportRequests } from '../api/get-support-requests.ts';
import { useReplyToSupportRequest } from '../api/reply-to-support-request.ts';
import { SUPPORT_MESSAGES } from './support-messages.ts';

const STATUS_COLORS = { open: 'yellow', answered: 'teal', closed: 'gray' } as const;

function ReplyBox({ request }: { request: TCustomerSupportRequest }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TSupportReplyRequest>({ resolver: zodResolver(ZSupportReplyRequest), defaultValues: { message: '' } });
  const reply = useReplyToSupportRequest(request.id, { onSuccess: () => reset({ message: '' }) });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await reply.mutateAsync(values);
    } catch (error) {
      handleSubmissionError(error, {
        setFieldError: (field, message) => {
          if (field !== 'message') return false;
          setError('message', { type: 'server', message }, { shouldFocus: true });
          return true;
        },
        failureToast: (message) => ({
          title: SUPPORT_MESSAGES.failedTitle,
          message: message || SUPPORT_MESSAGES.failed,
        }),
      });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Reply to ${request.subject}`}>
      <Stack gap="xs">
        <Textarea
          label="Your reply"
          description={request.status === 'closed' ? SUPPORT_MESSAGES.closedHint : undefined}
          autosize={false}
          rows={3}
          maxLength={SUPPORT_LIMITS.message}
          error={errors.message?.message}
          {...register('message')}
        />
        <Group>
          <Button type="submit" size="sm" loading={reply.isPending}>
            Send reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The organisation's support requests (decision 204), each with its thread: the support team's
 * answers appear here as well as by e-mail, and the customer can reply.
 */
export function SupportRequestsThread() {
  const requests = useSupportRequests();
  const items = requests.data?.items ?? [];
  return (
    <Paper component="section" aria-labelledby="support-requests" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} fz={20} id="support-requests">
          {SUPPORT_MESSAGES.listTitle}
        </Title>
        <ListState
          query={requests}
          count={items.length}
          what="your support requests"
          empty={SUPPORT_MESSAGES.listEmpty}
        >
          <Accordion variant="separated" multiple>
            {items.map((request) => (
              <Accordion.Item key={request.id} value={request.id}>
                <Accordion.Control>
                  <Group justify="space-between" gap="sm" wrap="nowrap">
                    <div>
                      <Text fw={600}>{request.subject}</Text>
                      <Text size="xs" c="dimmed">
                        {request.order ? `${request.order.title} · ` : ''}
                        {formatDateTime(request.createdAt)}
                        {request.replies.length > 0
                          ? ` · ${request.replies.length} repl${request.replies.length === 1 ? 'y' : 'ies'}`
                          : ''}
                      </Text>
                    </div>
                    <Badge color={STATUS_COLORS[request.status]} variant="light" radius="sm">
                      {SUPPORT_MESSAGES.statuses[request.status]}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    <ThreadMessage
                      author={request.requesterName ?? 'You'}
                      at={request.createdAt}
                      message={request.message}
                      fromTeam={false}
                    />
                    {request.replies.map((reply) => (
                      <ThreadMessage
                        key={reply.id}
                        author={reply.fromAdmin ? SUPPORT_MESSAGES.supportTeam : (reply.authorName ?? 'You')}
                        at={reply.createdAt}
                        message={reply.message}
                        fromTeam={reply.fromAdmin}
                      />
                    ))}
                    <ReplyBox request={request} />
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </ListState>
      </Stack>
    </Paper>
  );
}
