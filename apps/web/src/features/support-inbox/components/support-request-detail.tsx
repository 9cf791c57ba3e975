import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import {
  SUPPORT_INBOX_MESSAGES,
  type TAdminSupportRequestDetail,
  type TSupportReplyRequest,
  ZSupportReplyRequest,
} from '@spacecapture/shared/contracts/admin-console/support-requests';
import { SUPPORT_LIMITS } from '@spacecapture/shared/contracts/customer-portal';
import { formatDateTime } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useForm } from 'react-hook-form';
import { Fact } from '../../../components/portal/fact.tsx';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { RecordFrame } from '../../../components/portal/record-frame.tsx';
import { ThreadMessage } from '../../../components/portal/thread-message.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { handleSubmissionError } from '../../../lib/submission-error.ts';
import { useSupportAssignees } from '../api/get-support-assignees.ts';
import { useSupportRequest } from '../api/get-support-request.ts';
import {
  useAssignSupportRequest,
  useCloseSupportRequest,
  useReplyToSupportRequest,
} from '../api/support-request-actions.ts';
import { SupportStatusBadge } from './support-status-badge.tsx';

const FAILED = 'Failed';
/** The picker's value for nobody (a Select option needs a value of its own). */
const UNASSIGNED = 'none';

function personOf(person: { name: string | null; email: string | null } | null, fallback: string) {
  return person ? person.name || person.email || fallback : fallback;
}

function ReplyForm({ request }: { request: TAdminSupportRequestDetail }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TSupportReplyRequest>({ resolver: zodResolver(ZSupportReplyRequest), defaultValues: { message: '' } });
  const reply = useReplyToSupportRequest(request.id, { onSuccess: () => reset({ message: '' }) });
  const closed = request.status === 'closed';

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
        failureToast: (message) => ({ title: FAILED, message: message || NETWORK_FALLBACK }),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reply">
      <Stack gap="sm">
        <Textarea
          label="Reply to the customer"
          description={
            closed
              ? SUPPORT_INBOX_MESSAGES.closedNoReply
              : 'Your reply is e-mailed to the customer and shown in their portal.'
          }
          autosize={false}
          rows={4}
          maxLength={SUPPORT_LIMITS.message}
          disabled={closed}
          error={errors.message?.message}
          {...register('message')}
        />
        <Group>
          <Button type="submit" loading={reply.isPending} disabled={closed}>
            Send reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AssignAndClose({ request }: { request: TAdminSupportRequestDetail }) {
  const assignees = useSupportAssignees();
  const assign = useAssignSupportRequest(request.id);
  const close = useCloseSupportRequest(request.id);
  const options = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...(assignees.data?.items ?? []).map((admin) => ({ value: admin.userId, label: admin.name || admin.email || '' })),
  ];
  const failed = (error: unknown) => notifyError({ title: FAILED, message: errorMessage(error, NETWORK_FALLBACK) });

  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Assignee"
        data={options}
        value={request.assignee?.userId ?? UNASSIGNED}
        allowDeselect={false}
        disabled={assign.isPending}
        onChange={(value) =>
          assign.mutate({ assigneeUserId: value && value !== UNASSIGNED ? value : null }, { onError: failed })
        }
        w={220}
      />
      <Button
        variant="default"
        disabled={request.status === 'closed'}
        loading={close.isPending}
        onClick={() => close.mutate(undefined, { onError: failed })}
      >
        Close request
      </Button>
    </Group>
  );
}

/** One support request (?request=<id>): who asked about what, the thread, reply, assign, close. */
export function SupportRequestDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useSupportRequest(id);
  return (
    <RecordFrame onBack={onBack}>
      <RecordState query={query} what="the support request">
        {(request: TAdminSupportRequestDetail) => (
          <Stack gap="lg">
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="md">
                <Group gap="sm">
                  <Title order={2} fz={20}>
                    {request.subject}
                  </Title>
                  <SupportStatusBadge status={request.status} />
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
                  <Fact label="Customer">
                    {request.organization ? (
                      <Anchor
                        component={AppLink}
                        to={`${PORTAL_PATHS.admin.customers}?customer=${request.organization.id}`}
                      >
                        {request.organization.name}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Fact>
                  <Fact label="Asked by">{personOf(request.user, '—')}</Fact>
                  <Fact label="Order">
                    {request.order ? (
                      <Anchor component={AppLink} to={`${PORTAL_PATHS.admin.orders}?order=${request.order.id}`}>
                        {request.order.title}
                      </Anchor>
                    ) : (
                      'No order named'
                    )}
                  </Fact>
                  <Fact label="Received">{formatDateTime(request.createdAt)}</Fact>
                </SimpleGrid>
                <AssignAndClose request={request} />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-label="Thread">
              <Stack gap="sm">
                <Title order={3} fz={17}>
                  Thread
                </Title>
                <ThreadMessage
                  author={personOf(request.user, 'Customer')}
                  at={request.createdAt}
                  message={request.message}
                  fromTeam={false}
                />
                {request.replies.map((reply) => (
                  <ThreadMessage
                    key={reply.id}
                    author={personOf(reply.author, reply.fromAdmin ? 'Support team' : 'Customer')}
                    at={reply.createdAt}
                    message={reply.message}
                    fromTeam={reply.fromAdmin}
                  />
                ))}
                <ReplyForm request={request} />
              </Stack>
            </Paper>
          </Stack>
        )}
      </RecordState>
    </RecordFrame>
  );
}
