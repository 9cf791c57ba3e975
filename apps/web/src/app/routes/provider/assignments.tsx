import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { JobMessages } from '../../../features/conversations/components/job-messages.tsx';
import { AssignedJobs } from '../../../features/provider-jobs/components/assigned-jobs.tsx';

export function ProviderAssignmentsRoute() {
  return (
    <PortalPage
      title="Assigned Jobs"
      description="Jobs assigned to your organization, to accept or decline before the deadline."
    >
      <AssignedJobs jobExtras={(job) => <JobMessages assignmentId={job.id} accepted={job.status === 'accepted'} />} />
    </PortalPage>
  );
}
