import { UpcomingScreen } from '../../../components/portal/upcoming-screen.tsx';

export function AdminAssignmentsRoute() {
  return (
    <UpcomingScreen title={'Assignments'} description={'Assign providers to orders and confirm their schedules.'} />
  );
}
