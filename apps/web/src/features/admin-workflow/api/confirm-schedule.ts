import { WORKFLOW_TOASTS, ZConfirmScheduleResponse } from '@spacecapture/shared/contracts/admin-workflow';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/assignments/:id/confirm-schedule → { assignment, order } (the latest proposed window). */
export function confirmSchedule(assignmentId: string) {
  return sendJson(
    `/api/admin/assignments/${encodeURIComponent(assignmentId)}/confirm-schedule`,
    {},
    ZConfirmScheduleResponse,
  );
}

export function useConfirmSchedule() {
  return useRefreshingMutation(workflowKeys.all, {
    mutationFn: confirmSchedule,
    onSuccess: () => notifySuccess(WORKFLOW_TOASTS.scheduleConfirmed),
  });
}
