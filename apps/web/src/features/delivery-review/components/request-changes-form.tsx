import { Anchor, Button, CloseButton, Group, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  describePin,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_TOASTS,
  type TReviewFile,
} from '@spacecapture/shared/contracts/order-review';
import { deliverableViewerPath } from '@spacecapture/shared/portal-paths';
import { type FormEvent, useState } from 'react';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useRequestChanges } from '../api/review-actions.ts';
import {
  addDraftComment,
  clearDraft,
  isUntouched,
  removeDraftComment,
  type TDraftComment,
  updateDraftComment,
  useReviewDraft,
  WHOLE_DELIVERY,
} from '../review-draft.ts';

function bodyError(body: string) {
  const trimmed = body.trim();
  if (!trimmed) return REVIEW_MESSAGES.commentRequired;
  if (trimmed.length > REVIEW_LIMITS.comment) return `Must be at most ${REVIEW_LIMITS.comment} characters.`;
  return null;
}

/**
 * Request changes: the order's draft comments (decision 202), each about one file or the whole
 * delivery, some pinned in the file's viewer ("Pinned at x 1.20, y 0.40, z 2.00"). A comment left
 * untouched (no text, no pin) is not sent and blocks nothing; every comment can be removed.
 */
export function RequestChangesForm({
  orderId,
  files,
  onClose,
}: {
  orderId: string;
  /** The files that may be commented on: the current versions. */
  files: readonly TReviewFile[];
  /** Discarded, or sent: the form closes. */
  onClose: () => void;
}) {
  const request = useRequestChanges();
  const comments = useReviewDraft(orderId);
  const [showErrors, setShowErrors] = useState(false);

  const toSend = comments.filter((comment) => !isUntouched(comment));
  /** The error under a comment once Send was pressed: only a comment someone started, or the first when none was. */
  function errorOf(comment: TDraftComment, index: number) {
    if (!showErrors) return null;
    if (toSend.length === 0) return index === 0 ? REVIEW_MESSAGES.commentRequired : null;
    return isUntouched(comment) ? null : bodyError(comment.body);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (toSend.length === 0 || toSend.some((comment) => bodyError(comment.body))) {
      setShowErrors(true);
      return;
    }
    request.mutate(
      {
        orderId,
        comments: toSend.map((comment) => ({
          body: comment.body.trim(),
          ...(comment.deliverableId ? { deliverableId: comment.deliverableId } : {}),
          ...(comment.deliverableId && comment.pin ? { pin: comment.pin } : {}),
        })),
      },
      {
        onSuccess: onClose,
        onError: (error) =>
          notifyError({ title: REVIEW_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) }),
      },
    );
  }

  function onDiscard() {
    clearDraft(orderId);
    onClose();
  }

  const fileOptions = [
    { value: WHOLE_DELIVERY, label: 'Whole delivery' },
    ...files.map((file) => ({ value: file.id, label: `${file.fileName} (version ${file.version})` })),
  ];

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Request changes">
      <Stack gap="sm">
        {comments.length === 0 ? (
          <Text size="sm" c={showErrors ? 'red' : 'dimmed'}>
            {showErrors ? REVIEW_MESSAGES.commentsRequired : 'Add a comment to say what should change.'}
          </Text>
        ) : null}
        {comments.map((comment, index) => (
          <Paper key={comment.key} withBorder radius="md" p="sm" aria-label={`Comment ${index + 1}`}>
            <Stack gap="xs">
              <Group justify="space-between" align="flex-end" wrap="nowrap">
                <NativeSelect
                  label="About"
                  data={fileOptions}
                  value={comment.deliverableId}
                  // A pin belongs to its file: choosing another file drops it.
                  onChange={(event) =>
                    updateDraftComment(orderId, comment.key, { deliverableId: event.currentTarget.value, pin: null })
                  }
                  style={{ flex: 1 }}
                />
                <CloseButton
                  aria-label={`Remove comment ${index + 1}`}
                  onClick={() => removeDraftComment(orderId, comment.key)}
                />
              </Group>
              <Textarea
                label="Comment"
                autosize={false}
                rows={3}
                maxLength={REVIEW_LIMITS.comment}
                value={comment.body}
                error={errorOf(comment, index)}
                onChange={(event) => updateDraftComment(orderId, comment.key, { body: event.currentTarget.value })}
              />
              {comment.pin ? (
                <Group gap="xs">
                  <Text size="sm" data-testid="comment-pin">
                    {describePin(comment.pin)}
                  </Text>
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() => updateDraftComment(orderId, comment.key, { pin: null })}
                  >
                    Remove pin
                  </Button>
                </Group>
              ) : comment.deliverableId ? (
                <Text size="xs" c="dimmed">
                  To pin a comment to a point,{' '}
                  <Anchor component={AppLink} to={deliverableViewerPath('customer', orderId, comment.deliverableId)}>
                    open the file
                  </Anchor>{' '}
                  and use Pin a comment.
                </Text>
              ) : null}
            </Stack>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            size="xs"
            onClick={() => addDraftComment(orderId)}
            disabled={comments.length >= REVIEW_LIMITS.comments}
          >
            Add comment
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onDiscard}>
              Discard
            </Button>
            <Button type="submit" color="orange" loading={request.isPending}>
              Send change request
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
