import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { DeviceInventory } from '../../../features/devices/components/device-inventory.tsx';

export function ProviderDevicesRoute() {
  return (
    <PortalPage title="Device Inventory" description="Your capture devices: model, serial and capabilities.">
      <DeviceInventory />
    </PortalPage>
  );
}
