import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function AdminReportingRoute() {
  return (
    <UpcomingScreen title={'Reporting'} description={'Orders report, provider performance and revenue analytics.'} />
  );
}
