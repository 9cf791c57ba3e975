import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type TConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before an action that cannot be undone (declining a job, removing a device, revoking a link or key). */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
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
        <Button color="red" onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
