import { Button, CloseButton, Group, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  describePin,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_TOASTS,
  type TReviewFile,
} from '@spacecapture/shared/contracts/order-review';
import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import { type FormEvent, useState } from 'react';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useRequestChanges } from '../api/review-actions.ts';

/**
 * The points picked in the files' viewers, by deliverable id: the latest pick of each file. The
 * page that shows a file's viewer fills it from the viewer's `onPickPoint`.
 */
export type TPickedPins = Readonly<Record<string, TViewerPin>>;

type TDraftComment = { key: number; deliverableId: string; body: string; pin: TViewerPin | null };

const WHOLE_DELIVERY = '';

let nextKey = 1;
function emptyComment(): TDraftComment {
  nextKey += 1;
  return { key: nextKey, deliverableId: WHOLE_DELIVERY, body: '', pin: null };
}

function bodyError(body: string) {
  const trimmed = body.trim();
  if (!trimmed) return REVIEW_MESSAGES.commentRequired;
  if (trimmed.length > REVIEW_LIMITS.comment) return `Must be at most ${REVIEW_LIMITS.comment} characters.`;
  return null;
}

/**
 * Request changes: one or more comments, each about one file or the whole delivery. A comment
 * about a file can be pinned to the point last picked in that file's viewer (`pickedPins`); the
 * pin is shown as text ("Pinned at x 1.20, y 0.40, z 2.00") and sent with the comment.
 */
export function RequestChangesForm({
  orderId,
  files,
  pickedPins = {},
  onClose,
}: {
  orderId: string;
  /** The files that may be commented on: the current versions. */
  files: readonly TReviewFile[];
  pickedPins?: TPickedPins;
  /** Cancel, or sent: the form closes. */
  onClose: () => void;
}) {
  const request = useRequestChanges();
  const [comments, setComments] = useState<TDraftComment[]>(() => [emptyComment()]);
  const [showErrors, setShowErrors] = useState(false);

  function update(key: number, change: Partial<TDraftComment>) {
    setComments((current) => current.map((comment) => (comment.key === key ? { ...comment, ...change } : comment)));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (comments.some((comment) => bodyError(comment.body))) {
      setShowErrors(true);
      return;
    }
    request.mutate(
      {
        orderId,
        comments: comments.map((comment) => ({
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

  const fileOptions = [
    { value: WHOLE_DELIVERY, label: 'Whole delivery' },
    ...files.map((file) => ({ value: file.id, label: `${file.fileName} (version ${file.version})` })),
  ];

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Request changes">
      <Stack gap="sm">
        {comments.map((comment, index) => {
          const picked = comment.deliverableId ? pickedPins[comment.deliverableId] : undefined;
          return (
            <Paper key={comment.key} withBorder radius="md" p="sm" aria-label={`Comment ${index + 1}`}>
              <Stack gap="xs">
                <Group justify="space-between" align="flex-end" wrap="nowrap">
                  <NativeSelect
                    label="About"
                    data={fileOptions}
                    value={comment.deliverableId}
                    onChange={(event) => update(comment.key, { deliverableId: event.currentTarget.value, pin: null })}
                    style={{ flex: 1 }}
                  />
                  {comments.length > 1 ? (
                    <CloseButton
                      aria-label={`Remove comment ${index + 1}`}
                      onClick={() => setComments((current) => current.filter((entry) => entry.key !== comment.key))}
                    />
                  ) : null}
                </Group>
                <Textarea
                  label="Comment"
                  required
                  autosize={false}
                  rows={3}
                  maxLength={REVIEW_LIMITS.comment}
                  value={comment.body}
                  error={showErrors ? bodyError(comment.body) : null}
                  onChange={(event) => update(comment.key, { body: event.currentTarget.value })}
                />
                {comment.pin ? (
                  <Group gap="xs">
                    <Text size="sm" data-testid="comment-pin">
                      {describePin(comment.pin)}
                    </Text>
                    <Button variant="subtle" size="compact-xs" onClick={() => update(comment.key, { pin: null })}>
                      Remove pin
                    </Button>
                  </Group>
                ) : picked ? (
                  <Group gap="xs">
                    <Button variant="light" size="compact-sm" onClick={() => update(comment.key, { pin: picked })}>
                      Pin to the picked point
                    </Button>
                    <Text size="xs" c="dimmed">
                      {describePin(picked)}
                    </Text>
                  </Group>
                ) : comment.deliverableId ? (
                  <Text size="xs" c="dimmed">
                    Pick a point in the file's viewer to pin this comment to it.
                  </Text>
                ) : null}
              </Stack>
            </Paper>
          );
        })}
        <Group justify="space-between">
          <Button
            variant="default"
            size="xs"
            onClick={() => setComments((current) => [...current, emptyComment()])}
            disabled={comments.length >= REVIEW_LIMITS.comments}
          >
            Add comment
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
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
