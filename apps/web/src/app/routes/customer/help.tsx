import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function CustomerHelpRoute() {
  return (
    <UpcomingScreen title={'Help'} description={'Documentation, contact support and frequently asked questions.'} />
  );
}
