import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { AssignedJobs } from '../../../features/assignments/components/assigned-jobs.tsx';
import { JobMessages } from '../../../features/conversations/components/job-messages.tsx';
import { ProviderReviewPanel } from '../../../features/delivery-review/components/provider-review-panel.tsx';

export function ProviderAssignmentsRoute() {
  return (
    <PortalPage
      title="Assigned Jobs"
      description="Jobs assigned to your organization, to accept or decline before the deadline."
    >
      <AssignedJobs
        jobExtras={(job) => (
          <>
            {/* The customer's comments, while the job waits for its revised files (decision 133). */}
            {job.status === 'accepted' && job.orderStatus === 'changes_requested' ? (
              <ProviderReviewPanel orderId={job.orderId} />
            ) : null}
            <JobMessages assignmentId={job.id} accepted={job.status === 'accepted'} />
          </>
        )}
      />
    </PortalPage>
  );
}
