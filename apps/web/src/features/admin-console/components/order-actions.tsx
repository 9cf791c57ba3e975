import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  ORDER_ACTION_LIMITS,
  ORDER_ACTION_MESSAGES,
  type TAdminOrderDetail,
} from '@spacecapture/shared/contracts/admin-console/orders';
import { formatDateTime } from '@spacecapture/shared/format';
import { canTransition, ORDER_MACHINE } from '@spacecapture/shared/state-machines';
import { useState } from 'react';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useCompleteOrder } from '../api/complete-order.ts';
import { useOpenUploadsEarly } from '../api/open-uploads-early.ts';

type TOrder = TAdminOrderDetail['order'];

function failed(error: unknown) {
  notifyError({ title: ORDER_ACTION_MESSAGES.failed.title, message: errorMessage(error, NETWORK_FALLBACK) });
}

/** The dialog's reason box: required, bounded as the server bounds it. */
function ReasonField({ reason, description }: { reason: ReturnType<typeof useReason>; description: string }) {
  return (
    <Textarea
      label="Reason"
      description={description}
      required
      autosize
      minRows={3}
      maxLength={ORDER_ACTION_LIMITS.reasonMax}
      value={reason.reason}
      error={reason.error}
      onChange={(event) => reason.onChange(event.currentTarget.value)}
    />
  );
}

/** A dialog's required reason: its value, its error, and a check that shows the error when it is empty. */
function useReason(requiredMessage: string) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    reason,
    error,
    onChange(value: string) {
      setReason(value);
      setError(null);
    },
    reset() {
      setReason('');
      setError(null);
    },
    /** True when given; otherwise shows the message under the field. */
    check() {
      if (reason.trim()) return true;
      setError(requiredMessage);
      return false;
    },
  };
}

function CancelOrderButton({ order }: { order: TOrder }) {
  const cancel = useCancelOrder();
  const [opened, setOpened] = useState(false);
  const reason = useReason(ORDER_ACTION_MESSAGES.reasonRequired);

  function close() {
    setOpened(false);
    reason.reset();
  }

  function onConfirm() {
    if (!reason.check()) return;
    // The promise, not mutate's callbacks: the button leaves the page once the order is cancelled.
    cancel.mutateAsync({ id: order.id, reason: reason.reason }).then(() => {
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
          <ReasonField reason={reason} description="Sent to the customer and the provider." />
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
  // A delivered order is simply closed; one never marked delivered needs a reason (decision 109).
  const delivered = order.status === 'delivered';
  const reason = useReason(ORDER_ACTION_MESSAGES.completeReasonRequired);

  function close() {
    setOpened(false);
    reason.reset();
  }

  function onConfirm() {
    if (!delivered && !reason.check()) return;
    complete.mutateAsync({ id: order.id, ...(delivered ? {} : { reason: reason.reason }) }).then(() => {
      close();
      notifySuccess(ORDER_ACTION_MESSAGES.completed);
    }, failed);
  }

  return (
    <>
      <Button variant={delivered ? 'filled' : 'default'} onClick={() => setOpened(true)}>
        Mark completed
      </Button>
      <Modal opened={opened} onClose={close} title="Mark this order completed?" centered>
        <Stack gap="md">
          {delivered ? (
            <Text size="sm">{order.title} was delivered. Marking it completed closes the order.</Text>
          ) : (
            <>
              <Text size="sm">
                {order.title} has not been marked delivered. Completing it now closes the order without a delivery and
                tells the provider its compensation is payable.
              </Text>
              <ReasonField
                reason={reason}
                description="Kept in the order's history and the audit log, and sent to the provider."
              />
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
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

/** Lets the provider upload and deliver before the confirmed window (decision 109): reason required. */
function OpenUploadsEarlyButton({ order }: { order: TOrder }) {
  const openUploads = useOpenUploadsEarly();
  const [opened, setOpened] = useState(false);
  const reason = useReason(ORDER_ACTION_MESSAGES.earlyUploadReasonRequired);

  function close() {
    setOpened(false);
    reason.reset();
  }

  function onConfirm() {
    if (!reason.check()) return;
    openUploads.mutate({ id: order.id, reason: reason.reason }, { onSuccess: close, onError: failed });
  }

  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Open uploads early
      </Button>
      <Modal opened={opened} onClose={close} title="Open uploads before the capture window?" centered>
        <Stack gap="md">
          <Text size="sm">
            The capture window of {order.title} starts{' '}
            {order.scheduledStart ? formatDateTime(order.scheduledStart) : ''}. Until then the provider cannot upload
            files or mark the order delivered. Opening uploads now lets them do both, and e-mails them.
          </Text>
          <ReasonField
            reason={reason}
            description="Kept in the order's history and the audit log, and sent to the provider."
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Keep closed
            </Button>
            <Button onClick={onConfirm} loading={openUploads.isPending}>
              Open uploads
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The admin's actions on an order, offered only where the order machine allows them; Open uploads
 * early only while a scheduled order's window is ahead and uploads were not opened already.
 */
export function OrderActions({ order, uploadsOpenedEarly }: { order: TOrder; uploadsOpenedEarly: boolean }) {
  const now = useNow();
  const canCancel = canTransition(ORDER_MACHINE, order.status, 'cancelled');
  // An order waiting for requested changes is closed from its delivery review instead.
  const canComplete = canTransition(ORDER_MACHINE, order.status, 'completed') && order.status !== 'changes_requested';
  const canOpenUploads =
    order.status === 'scheduled' &&
    !uploadsOpenedEarly &&
    order.scheduledStart !== null &&
    new Date(order.scheduledStart).getTime() > now;
  if (!canCancel && !canComplete && !canOpenUploads) return null;
  return (
    <Group gap="sm">
      {canOpenUploads ? <OpenUploadsEarlyButton order={order} /> : null}
      {canComplete ? <CompleteOrderButton order={order} /> : null}
      {canCancel ? <CancelOrderButton order={order} /> : null}
    </Group>
  );
}
