import { WORKFLOW_TOASTS, ZConfirmScheduleResponse } from '@spacecapture/shared/contracts/admin-workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/assignments/:id/confirm-schedule → { assignment, order } (the latest proposed window). */
export function confirmSchedule(assignmentId: string) {
  return apiRequest(`/api/admin/assignments/${encodeURIComponent(assignmentId)}/confirm-schedule`, {
    method: 'POST',
    json: {},
    schema: ZConfirmScheduleResponse,
  });
}

export function useConfirmSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSchedule,
    onSuccess: () => notifySuccess(WORKFLOW_TOASTS.scheduleConfirmed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
