import {
  type TCreateAssignmentRequest,
  WORKFLOW_TOASTS,
  ZAssignment,
} from '@spacecapture/shared/contracts/admin-workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/assignments { orderId, providerOrgId } → 201 the offer. */
export function createAssignment(request: TCreateAssignmentRequest) {
  return apiRequest('/api/admin/assignments', { method: 'POST', json: request, schema: ZAssignment });
}

export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    onSuccess: () => notifySuccess(WORKFLOW_TOASTS.assigned),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
