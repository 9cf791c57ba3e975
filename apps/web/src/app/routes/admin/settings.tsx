import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function AdminSettingsRoute() {
  return (
    <UpcomingScreen
      title={'Settings'}
      description={'Platform configuration, feature flags and integration settings.'}
    />
  );
}
