import { WORKFLOW_TOASTS, ZApproveApplicationResponse } from '@spacecapture/shared/contracts/admin-workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/applications/:id/approve → { application, organization, invitation }. */
export function approveApplication(id: string) {
  return apiRequest(`/api/admin/applications/${encodeURIComponent(id)}/approve`, {
    method: 'POST',
    json: {},
    schema: ZApproveApplicationResponse,
  });
}

export function useApproveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveApplication,
    // Approval creates the organisation and invites its contact: the toast says so, and to whom.
    onSuccess: ({ organization, invitation }) =>
      notifySuccess(WORKFLOW_TOASTS.applicationApproved(organization.name, invitation.email)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
