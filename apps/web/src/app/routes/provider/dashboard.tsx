import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function ProviderDashboardRoute() {
  return <UpcomingScreen title={'Dashboard'} description={'Your projects, performance and settings.'} />;
}
