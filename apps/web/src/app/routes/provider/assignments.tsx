import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function ProviderAssignmentsRoute() {
  return (
    <UpcomingScreen
      title={'Assigned Jobs'}
      description={'Jobs assigned to your organization, to accept or decline before the deadline.'}
    />
  );
}
