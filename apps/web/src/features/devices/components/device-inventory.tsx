import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { TDevice } from '@spacecapture/shared/contracts/provider-portal';
import { formatDate } from '@spacecapture/shared/format';
import { useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { ProviderAdminPanel } from '../../../components/portal/provider-admin-panel.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteDevice } from '../../../resources/provider/delete-device.ts';
import { useDevices } from '../../../resources/provider/get-devices.ts';
import { DeviceForm } from './device-form.tsx';
import { DEVICE_TOASTS } from './messages.ts';

/** Device Inventory (spec 001 §2): model, serial, capabilities; a provider admin adds, edits, removes. */
export function DeviceInventory() {
  const profile = useProfile();
  const canManage = profile.role === 'provider_admin';
  const devices = useDevices();
  const remove = useDeleteDevice({ onSuccess: () => notifySuccess(DEVICE_TOASTS.deviceRemoved) });
  const [editing, setEditing] = useState<TDevice | null>(null);
  const [removing, setRemoving] = useState<TDevice | null>(null);
  const items = devices.data?.items ?? [];

  function onRemove() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onError: (error) => notifyError({ title: 'Failed', message: errorMessage(error, NETWORK_FALLBACK) }),
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <Stack gap="lg">
      <ProviderAdminPanel canManage={canManage} title="Add a device">
        <DeviceForm />
      </ProviderAdminPanel>
      <ListState query={devices} count={items.length} what="devices" empty="No devices registered yet.">
        <DataTable
          label="Devices"
          minWidth={640}
          striped
          highlightOnHover
          columns={['Model', 'Serial', 'Capabilities', 'Added', ...(canManage ? [{ hidden: 'Actions' }] : [])]}
        >
          {items.map((device) => (
            <Table.Tr key={device.id} data-testid="device-row">
              <Table.Td fw={600}>{device.model}</Table.Td>
              <Table.Td ff="monospace">{device.serial}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {device.capabilities.length === 0 ? <Text size="sm">—</Text> : null}
                  {device.capabilities.map((capability) => (
                    <Badge key={capability} variant="light" radius="sm" tt="none">
                      {capability}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{formatDate(device.createdAt)}</Table.Td>
              {canManage ? (
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing(device)}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(device)}>
                      Remove
                    </Button>
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </DataTable>
      </ListState>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit device" centered size="lg">
        {editing ? (
          <DeviceForm
            key={editing.id}
            device={editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this device?"
        confirmLabel="Remove device"
        loading={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing ? `${removing.model} ${removing.serial} will no longer be listed for your organization.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
