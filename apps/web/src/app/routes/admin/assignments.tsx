import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { AssignmentQueue } from '../../../features/admin-workflow/components/assignment-queue.tsx';

export function AdminAssignmentsRoute() {
  return (
    <PortalPage title="Assignments" description="Assign providers to orders and confirm their schedules.">
      <AssignmentQueue />
    </PortalPage>
  );
}
