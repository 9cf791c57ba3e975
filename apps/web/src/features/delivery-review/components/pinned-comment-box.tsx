import { Anchor, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { describePin, REVIEW_LIMITS, REVIEW_MESSAGES } from '@spacecapture/shared/contracts/order-review';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { TViewerPin } from '@spacecapture/shared/viewer-pin';
import { type FormEvent, useState } from 'react';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { addDraftComment, useReviewDraft } from '../review-draft.ts';

/**
 * The comment box a file's viewer opens at the point the customer clicked (decision 202): the
 * comment, pinned to that point of this file, goes into the order's change-request draft, where
 * the order's Request changes form shows it for sending.
 */
export function PinnedCommentBox({
  orderId,
  deliverableId,
  pin,
  onDone,
}: {
  orderId: string;
  deliverableId: string;
  pin: TViewerPin;
  /** Saved or cancelled: the viewer closes the box. */
  onDone: () => void;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = body.trim();
    if (!trimmed) {
      setError(REVIEW_MESSAGES.commentRequired);
      return;
    }
    addDraftComment(orderId, { deliverableId, body: trimmed, pin });
    onDone();
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Comment at this point">
      <Stack gap="xs">
        <Text size="xs" c="dimmed" data-testid="picked-pin">
          {describePin(pin)}
        </Text>
        <Textarea
          label="Comment"
          autoFocus
          autosize={false}
          rows={3}
          maxLength={REVIEW_LIMITS.comment}
          value={body}
          error={error}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="xs" color="orange">
            Save comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Above a file's viewer while the order's change request has comments not yet sent: how many,
 * and the way back to the order to send them.
 */
export function ReviewDraftNotice({ orderId }: { orderId: string }) {
  const written = useReviewDraft(orderId).filter((comment) => comment.body.trim() !== '');
  if (written.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" role="status" aria-label="Your change request">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {written.length === 1 ? '1 comment' : `${written.length} comments`} in your change request, not sent yet.
        </Text>
        <Anchor component={AppLink} to={`${PORTAL_PATHS.customer.orders}?order=${orderId}`} size="sm">
          Review and send
        </Anchor>
      </Group>
    </Paper>
  );
}
