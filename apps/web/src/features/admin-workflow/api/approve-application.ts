import { WORKFLOW_TOASTS, ZApproveApplicationResponse } from '@spacecapture/shared/contracts/admin-workflow';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/applications/:id/approve → { application, organization, invitation }. */
export function approveApplication(id: string) {
  return sendJson(`/api/admin/applications/${encodeURIComponent(id)}/approve`, {}, ZApproveApplicationResponse);
}

export function useApproveApplication() {
  return useRefreshingMutation(workflowKeys.all, {
    mutationFn: approveApplication,
    // Approval creates the organisation and invites its contact: the toast says so, and to whom.
    onSuccess: ({ organization, invitation }) =>
      notifySuccess(WORKFLOW_TOASTS.applicationApproved(organization.name, invitation.email)),
  });
}
