import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function AdminAuditRoute() {
  return <UpcomingScreen title={'Audit'} description={'The latest audit entries.'} />;
}
