import {
  type TSetApplicationStatusRequest,
  WORKFLOW_TOASTS,
  ZApplication,
} from '@spacecapture/shared/contracts/admin-workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/applications/:id/status { status } → the application. */
export function setApplicationStatus({ id, status }: { id: string } & TSetApplicationStatusRequest) {
  return apiRequest(`/api/admin/applications/${encodeURIComponent(id)}/status`, {
    method: 'POST',
    json: { status },
    schema: ZApplication,
  });
}

export function useSetApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setApplicationStatus,
    onSuccess: () => notifySuccess({ title: WORKFLOW_TOASTS.applicationUpdated.title, message: '' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
