import { type TSetLeadStatusRequest, WORKFLOW_TOASTS, ZLead } from '@spacecapture/shared/contracts/admin-workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/leads/:id/status { status } → the lead. */
export function setLeadStatus({ id, status }: { id: string } & TSetLeadStatusRequest) {
  return apiRequest(`/api/admin/leads/${encodeURIComponent(id)}/status`, {
    method: 'POST',
    json: { status },
    schema: ZLead,
  });
}

export function useSetLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLeadStatus,
    onSuccess: (updated) =>
      notifySuccess({
        title: WORKFLOW_TOASTS.leadUpdated.title,
        message: WORKFLOW_TOASTS.leadUpdated.message(updated.status),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
