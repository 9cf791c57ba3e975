import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function AdminProvidersRoute() {
  return <UpcomingScreen title={'Providers'} description={'Provider organizations.'} />;
}
