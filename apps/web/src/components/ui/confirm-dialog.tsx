import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type TConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be undone; another colour for a commitment that is wanted (accepting a job). */
  confirmColor?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before an action that cannot be undone (declining or accepting a job, removing a device, revoking a link or key). */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor = 'red',
  loading,
  onConfirm,
  onCancel,
}: TConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

type TRevokeMutation = {
  mutate: (id: string, options: { onSettled: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
};

type TConfirmRevokeDialogProps<TItem extends { id: string }> = {
  /** What is about to be revoked; null keeps the dialog closed. */
  item: TItem | null;
  title: string;
  confirmLabel: string;
  describe: (item: TItem) => ReactNode;
  revoke: TRevokeMutation;
  onError: (error: Error) => void;
  onClose: () => void;
};

/** Asks before revoking one item of a list (an API key, a share link), then revokes it by its id. */
export function ConfirmRevokeDialog<TItem extends { id: string }>({
  item,
  title,
  confirmLabel,
  describe,
  revoke,
  onError,
  onClose,
}: TConfirmRevokeDialogProps<TItem>) {
  return (
    <ConfirmDialog
      opened={item !== null}
      title={title}
      confirmLabel={confirmLabel}
      loading={revoke.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (item) revoke.mutate(item.id, { onSettled: onClose, onError });
      }}
    >
      {item ? describe(item) : null}
    </ConfirmDialog>
  );
}
