import { matchProviderJobPath } from '@spacecapture/shared/portal-paths';
import { useLocation } from 'react-router';
import { JobScreen } from '../../../features/assignments/components/job-page.tsx';
import { normalizePathname } from '../../../lib/page-meta.ts';

/** `/provider/jobs/:assignmentId`: one job's page, made for the phone on site. */
export function ProviderJobRoute() {
  const match = matchProviderJobPath(normalizePathname(useLocation().pathname));
  return match ? <JobScreen key={match.assignmentId} assignmentId={match.assignmentId} /> : null;
}
