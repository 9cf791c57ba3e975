import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function AdminTriageRoute() {
  return <UpcomingScreen title={'Triage'} description={'New order leads and provider applications.'} />;
}
