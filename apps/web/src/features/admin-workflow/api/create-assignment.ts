import {
  type TCreateAssignmentRequest,
  WORKFLOW_TOASTS,
  ZAssignment,
} from '@spacecapture/shared/contracts/admin-workflow';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/assignments { orderId, providerOrgId } → 201 the offer. */
export function createAssignment(request: TCreateAssignmentRequest) {
  return sendJson('/api/admin/assignments', request, ZAssignment);
}

export function useCreateAssignment() {
  return useRefreshingMutation(workflowKeys.all, {
    mutationFn: createAssignment,
    onSuccess: () => notifySuccess(WORKFLOW_TOASTS.assigned),
  });
}
