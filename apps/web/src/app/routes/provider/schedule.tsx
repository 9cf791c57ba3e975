import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function ProviderScheduleRoute() {
  return <UpcomingScreen title={'Schedule'} description={'Your capture appointments.'} />;
}
