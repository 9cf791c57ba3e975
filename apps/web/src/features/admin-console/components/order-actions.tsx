import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  ORDER_ACTION_LIMITS,
  ORDER_ACTION_MESSAGES,
  type TAdminOrderDetail,
} from '@spacecapture/shared/contracts/admin-console/orders';
import { canTransition, ORDER_MACHINE } from '@spacecapture/shared/state-machines';
import { useState } from 'react';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useCompleteOrder } from '../api/complete-order.ts';

type TOrder = TAdminOrderDetail['order'];

function failed(error: unknown) {
  notifyError({ title: ORDER_ACTION_MESSAGES.failed.title, message: errorMessage(error, NETWORK_FALLBACK) });
}

function CancelOrderButton({ order }: { order: TOrder }) {
  const cancel = useCancelOrder();
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  function close() {
    setOpened(false);
    setReason('');
    setReasonError(null);
  }

  function onConfirm() {
    if (!reason.trim()) {
      setReasonError(ORDER_ACTION_MESSAGES.reasonRequired);
      return;
    }
    // The promise, not mutate's callbacks: the button leaves the page once the order is cancelled.
    cancel.mutateAsync({ id: order.id, reason }).then(() => {
      close();
      notifySuccess(ORDER_ACTION_MESSAGES.cancelled);
    }, failed);
  }

  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        Cancel order
      </Button>
      <Modal opened={opened} onClose={close} title="Cancel this order?" centered>
        <Stack gap="md">
          <Text size="sm">
            {order.title} will be cancelled. A live offer to a provider is withdrawn, and the customer and that provider
            are e-mailed the reason. This cannot be undone.
          </Text>
          <Textarea
            label="Reason"
            description="Sent to the customer and the provider."
            required
            autosize
            minRows={3}
            maxLength={ORDER_ACTION_LIMITS.reasonMax}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Keep order
            </Button>
            <Button color="red" onClick={onConfirm} loading={cancel.isPending}>
              Cancel order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function CompleteOrderButton({ order }: { order: TOrder }) {
  const complete = useCompleteOrder();
  const [opened, setOpened] = useState(false);

  function onConfirm() {
    complete.mutateAsync(order.id).then(() => {
      setOpened(false);
      notifySuccess(ORDER_ACTION_MESSAGES.completed);
    }, failed);
  }

  return (
    <>
      <Button onClick={() => setOpened(true)}>Mark completed</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Mark this order completed?" centered>
        <Stack gap="md">
          <Text size="sm">{order.title} was delivered. Marking it completed closes the order.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              Not yet
            </Button>
            <Button onClick={onConfirm} loading={complete.isPending}>
              Mark completed
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The admin's actions on an order, offered only where the order machine allows them. */
export function OrderActions({ order }: { order: TOrder }) {
  const canCancel = canTransition(ORDER_MACHINE, order.status, 'cancelled');
  const canComplete = canTransition(ORDER_MACHINE, order.status, 'completed');
  if (!canCancel && !canComplete) return null;
  return (
    <Group gap="sm">
      {canComplete ? <CompleteOrderButton order={order} /> : null}
      {canCancel ? <CancelOrderButton order={order} /> : null}
    </Group>
  );
}
