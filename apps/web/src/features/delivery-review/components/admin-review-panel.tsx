import { Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { REVIEW_LIMITS, REVIEW_MESSAGES, REVIEW_TOASTS } from '@spacecapture/shared/contracts/order-review';
import { useState } from 'react';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useOrderReview } from '../api/get-order-review.ts';
import { useAdminEndReview } from '../api/review-actions.ts';
import { ChangeRequests } from './change-requests.tsx';
import { ReviewVersions } from './review-versions.tsx';

type TAction = 'approve' | 'close';

const DIALOGS: Record<TAction, { button: string; title: string; text: string; confirm: string }> = {
  approve: {
    button: 'Approve for the customer',
    title: "Approve on the customer's behalf?",
    text: 'The order will be completed. The customer and the provider are e-mailed the reason.',
    confirm: 'Approve delivery',
  },
  close: {
    button: 'Close with reason',
    title: 'Close the review?',
    text: 'The order will be completed without the customer’s approval. Both sides are e-mailed the reason.',
    confirm: 'Close order',
  },
};

/**
 * Every review round of an order for the admin (decision 133), and the admin's ways in: approve a
 * delivered order on the customer's behalf, or close an order under review, each with a reason.
 */
export function AdminReviewPanel({ orderId }: { orderId: string }) {
  const review = useOrderReview('admin', orderId);
  const end = useAdminEndReview();
  const [action, setAction] = useState<TAction | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const data = review.data;
  if (!data || data.files.length === 0) return null;
  const underReview = data.status === 'delivered' || data.status === 'changes_requested';

  function close() {
    setAction(null);
    setReason('');
    setError(null);
  }

  function onConfirm() {
    if (!action) return;
    if (!reason.trim()) {
      setError(REVIEW_MESSAGES.reasonRequired);
      return;
    }
    end.mutate(
      { orderId, action, reason: reason.trim() },
      {
        onSuccess: close,
        onError: (failure) =>
          notifyError({ title: REVIEW_TOASTS.failed.title, message: errorMessage(failure, NETWORK_FALLBACK) }),
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="md" aria-label="Delivery review">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={3} fz={18}>
            Delivery review · round {data.round}
          </Title>
          {underReview ? (
            <Group gap="sm">
              {data.canApprove ? (
                <Button variant="light" color="teal" onClick={() => setAction('approve')}>
                  {DIALOGS.approve.button}
                </Button>
              ) : null}
              <Button variant="light" color="gray" onClick={() => setAction('close')}>
                {DIALOGS.close.button}
              </Button>
            </Group>
          ) : null}
        </Group>
        {data.changeRequests.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes requested.
          </Text>
        ) : (
          <ChangeRequests requests={data.changeRequests} />
        )}
        <ReviewVersions files={data.files} />
      </Stack>
      <Modal opened={action !== null} onClose={close} title={action ? DIALOGS[action].title : ''} centered>
        {action ? (
          <Stack gap="md">
            <Text size="sm">{DIALOGS[action].text}</Text>
            <Textarea
              label="Reason"
              required
              autosize={false}
              rows={3}
              maxLength={REVIEW_LIMITS.reason}
              value={reason}
              error={error}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setError(null);
              }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button color={action === 'approve' ? 'teal' : 'gray'} onClick={onConfirm} loading={end.isPending}>
                {DIALOGS[action].confirm}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Paper>
  );
}
