import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function CustomerDashboardRoute() {
  return <UpcomingScreen title={'Dashboard'} description={'Your orders, deliverables and support in one place.'} />;
}
