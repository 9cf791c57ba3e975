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
    onSuccess: () => notifySuccess({ title: WORKFLOW_TOASTS.applicationUpdated.title, message: '' }),
  });
}
