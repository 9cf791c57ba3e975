import { ZAssignmentQueue } from '@spacecapture/shared/contracts/admin-workflow';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { WORKFLOW_PAGE_SIZE, workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/assignments/queue?limit= → orders ready for assignment with their latest offer. */
export function useAssignmentQueue() {
  return useQuery(
    endpointQuery(workflowKeys.queue(), `/api/admin/assignments/queue?limit=${WORKFLOW_PAGE_SIZE}`, ZAssignmentQueue),
  );
}
