import { WORKFLOW_TOASTS, ZApplication } from '@spacecapture/shared/contracts/admin-workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/applications/:id/reject → the application. */
export function rejectApplication(id: string) {
  return apiRequest(`/api/admin/applications/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    json: {},
    schema: ZApplication,
  });
}

export function useRejectApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectApplication,
    onSuccess: () => notifySuccess({ title: WORKFLOW_TOASTS.applicationUpdated.title, message: '' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
