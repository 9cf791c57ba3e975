import { Alert, Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { REVIEW_TOASTS } from '@spacecapture/shared/contracts/order-review';
import { useState } from 'react';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useOrderReview } from '../api/get-order-review.ts';
import { useApproveOrder } from '../api/review-actions.ts';
import { usePickedPins } from '../picked-pins.ts';
import { ChangeRequests } from './change-requests.tsx';
import { RequestChangesForm, type TPickedPins } from './request-changes-form.tsx';

/**
 * The customer's review of a delivered order (decision 133): Approve all or Request changes, and
 * every change request so far. Nothing is shown before the first delivery. Comments can be pinned
 * to the points picked in the files' viewers (`usePickedPins`, or `pickedPins` when given).
 */
export function CustomerReviewPanel({ orderId, pickedPins }: { orderId: string; pickedPins?: TPickedPins }) {
  const pickedInViewers = usePickedPins(orderId);
  const review = useOrderReview('customer', orderId);
  const approve = useApproveOrder();
  const [requesting, setRequesting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const data = review.data;
  if (!data || (data.round === 1 && data.changeRequests.length === 0 && !data.canApprove)) return null;

  function onApprove() {
    approve.mutate(orderId, {
      onSettled: () => setConfirming(false),
      onError: (error) =>
        notifyError({ title: REVIEW_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) }),
    });
  }

  const currentFiles = data.files.filter((file) => !file.superseded);
  return (
    <Stack gap="md" aria-label="Review">
      <Divider />
      <Title order={3} fz={18}>
        Review the delivery
      </Title>
      {data.status === 'delivered' ? (
        <Text size="sm">
          {data.round > 1 ? `Revised delivery (round ${data.round}). ` : ''}Check the files, then approve the delivery
          or ask the provider for changes.
        </Text>
      ) : null}
      {data.status === 'changes_requested' ? (
        <Alert color="orange" title="Changes requested">
          The provider is working on your comments. You will be told when the revised files are delivered.
        </Alert>
      ) : null}
      {data.canApprove && !requesting ? (
        <Group gap="sm">
          <Button color="teal" onClick={() => setConfirming(true)}>
            Approve all
          </Button>
          <Button variant="light" color="orange" onClick={() => setRequesting(true)}>
            Request changes
          </Button>
        </Group>
      ) : null}
      {data.canRequestChanges && requesting ? (
        <RequestChangesForm
          orderId={orderId}
          files={currentFiles}
          pickedPins={pickedPins ?? pickedInViewers}
          onClose={() => setRequesting(false)}
        />
      ) : null}
      <ChangeRequests requests={data.changeRequests} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Approve the delivery?" centered>
        <Stack gap="md">
          <Text size="sm">The order will be completed and the provider told. This cannot be undone.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Not yet
            </Button>
            <Button color="teal" onClick={onApprove} loading={approve.isPending}>
              Approve delivery
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
