import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  CHECK_OVERRIDE_LIMITS,
  CHECK_OVERRIDE_MESSAGES,
  type TCheckFinding,
} from '@spacecapture/shared/contracts/quality-checks';
import { useState } from 'react';
import { apiFieldErrors } from '../../../lib/field-errors.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useOverrideCheck } from '../api/override-check.ts';

/**
 * Let a file through its failed quality check (decision 236): a reason, then a confirmation. The
 * reason is audited and shown to the provider under the file; Mark delivered stops counting it.
 */
export function CheckOverrideButton({
  orderId,
  file,
}: {
  orderId: string;
  file: { id: string; fileName: string; failures: readonly TCheckFinding[] };
}) {
  const override = useOverrideCheck(orderId);
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    setReason('');
    setError(null);
  };

  const confirm = () => {
    if (!reason.trim()) {
      setError(CHECK_OVERRIDE_MESSAGES.reasonRequired);
      return;
    }
    override.mutateAsync({ fileId: file.id, reason }).then(close, (failure: unknown) => {
      const fields = apiFieldErrors(failure);
      if (fields.reason) setError(fields.reason);
      else notifyError({ title: 'The file was not let through', message: errorMessage(failure, NETWORK_FALLBACK) });
    });
  };

  return (
    <>
      <Button size="compact-xs" variant="light" color="orange" onClick={() => setOpened(true)}>
        Let through
      </Button>
      <Modal opened={opened} onClose={close} title={`Let ${file.fileName} through its check?`} centered>
        <Stack gap="md">
          <Text size="sm">Its check failed:</Text>
          <List size="sm">
            {file.failures.map((failure) => (
              <List.Item key={failure.code}>{failure.message}</List.Item>
            ))}
          </List>
          <Text size="sm">
            The provider can then mark the order delivered with this file. The reason is kept in the audit log and shown
            to the provider under the file.
          </Text>
          <Textarea
            label="Reason"
            required
            rows={3}
            maxLength={CHECK_OVERRIDE_LIMITS.reasonMax}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Keep it blocked
            </Button>
            <Button color="orange" onClick={confirm} loading={override.isPending}>
              Let the file through
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
