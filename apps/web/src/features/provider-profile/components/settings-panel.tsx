import { Group, List, Stack, Text } from '@mantine/core';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { RecordState } from '../../../components/portal/list-state.tsx';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';
import { useDevices } from '../../../resources/provider/get-devices.ts';
import { useSettings } from '../api/get-settings.ts';
import { SettingsForm } from './settings-form.tsx';

/** The organisation's devices, as the device inventory lists them. */
function HardwareList() {
  const devices = useDevices();
  const items = devices.data?.items ?? [];
  return (
    <Stack gap="sm">
      <RecordState query={devices} what="devices">
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No devices registered yet.
          </Text>
        ) : (
          <List size="sm" aria-label="Devices">
            {items.map((device) => (
              <List.Item key={device.id}>
                {device.model} · {device.serial}
                {device.capabilities.length > 0 ? ` · ${device.capabilities.join(', ')}` : ''}
              </List.Item>
            ))}
          </List>
        )}
      </RecordState>
      <Group>
        <ButtonLink to={PORTAL_PATHS.provider.devices} size="sm" variant="outline">
          Add New Device
        </ButtonLink>
      </Group>
    </Stack>
  );
}

/** The Settings tab: the saved settings in an editable form (spec 001 §2). */
export function SettingsPanel() {
  const settings = useSettings();
  const profile = useProfile();
  return (
    <RecordState query={settings} what="settings">
      {settings.data ? (
        <SettingsForm
          settings={settings.data}
          canRename={profile.role === 'provider_admin'}
          hardware={<HardwareList />}
        />
      ) : null}
    </RecordState>
  );
}
