import { WORKFLOW_TOASTS, ZApplication } from '@spacecapture/shared/contracts/admin-workflow';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/applications/:id/reject → the application. */
export function rejectApplication(id: string) {
  return sendJson(`/api/admin/applications/${encodeURIComponent(id)}/reject`, {}, ZApplication);
}

export function useRejectApplication() {
  return useRefreshingMutation(workflowKeys.all, {
    mutationFn: rejectApplication,
    onSuccess: () => notifySuccess({ title: WORKFLOW_TOASTS.applicationUpdated.title, message: '' }),
  });
}
