import { Paper, Stack, Text, Title } from '@mantine/core';
import { describePin, type TChangeRequestView } from '@spacecapture/shared/contracts/order-review';
import { formatDateTime } from '@spacecapture/shared/format';

/** What a comment is about: a file with its version, or the whole delivery. */
function subjectOf(comment: TChangeRequestView['comments'][number]) {
  if (!comment.deliverableId) return 'Whole delivery';
  return `${comment.fileName ?? 'A file'}${comment.fileVersion ? ` (version ${comment.fileVersion})` : ''}`;
}

/** Every change request of an order, oldest round first, each comment with its file and pin. */
export function ChangeRequests({ requests }: { requests: readonly TChangeRequestView[] }) {
  if (requests.length === 0) return null;
  return (
    <Stack gap="sm" aria-label="Change requests">
      <Title order={3} fz={18}>
        Change requests
      </Title>
      {requests.map((request) => (
        <Paper key={request.round} withBorder radius="md" p="sm" aria-label={`Round ${request.round} change request`}>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Round {request.round} · {formatDateTime(request.requestedAt)}
              {request.requestedBy ? ` · ${request.requestedBy}` : ''}
            </Text>
            {request.comments.map((comment) => (
              <Stack key={comment.id} gap={2} data-testid="review-comment">
                <Text size="xs" c="dimmed">
                  {subjectOf(comment)}
                  {comment.pin ? ` · ${describePin(comment.pin)}` : ''}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {comment.body}
                </Text>
              </Stack>
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
