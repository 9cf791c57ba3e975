import { ZAssignmentQueue } from '@spacecapture/shared/contracts/admin-workflow';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { WORKFLOW_PAGE_SIZE, workflowKeys } from './workflow-keys.ts';

/** GET /api/admin/assignments/queue?limit= → orders ready for assignment with their latest offer. */
export function getAssignmentQueue(signal?: AbortSignal) {
  return apiRequest(`/api/admin/assignments/queue?limit=${WORKFLOW_PAGE_SIZE}`, {
    schema: ZAssignmentQueue,
    ...(signal ? { signal } : {}),
  });
}

export const assignmentQueueQueryOptions = queryOptions({
  queryKey: workflowKeys.queue(),
  queryFn: ({ signal }) => getAssignmentQueue(signal),
});

export function useAssignmentQueue() {
  return useQuery(assignmentQueueQueryOptions);
}
