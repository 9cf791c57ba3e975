import { type TSetLeadStatusRequest, WORKFLOW_TOASTS, ZLead } from '@spacecapture/shared/contracts/admin-workflow';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/leads/:id/status { status } → the lead. */
export function setLeadStatus({ id, status }: { id: string } & TSetLeadStatusRequest) {
  return sendJson(`/api/admin/leads/${encodeURIComponent(id)}/status`, { status }, ZLead);
}

export function useSetLeadStatus() {
  return useRefreshingMutation(workflowKeys.all, {
    mutationFn: setLeadStatus,
    onSuccess: (updated) =>
      notifySuccess({
        title: WORKFLOW_TOASTS.leadUpdated.title,
        message: WORKFLOW_TOASTS.leadUpdated.message(updated.status),
      }),
  });
}
