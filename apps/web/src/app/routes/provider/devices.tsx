import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function ProviderDevicesRoute() {
  return (
    <UpcomingScreen title={'Device Inventory'} description={'Your capture devices: model, serial and capabilities.'} />
  );
}
