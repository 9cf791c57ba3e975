import {
  type TConvertLeadRequest,
  WORKFLOW_TOASTS,
  ZConvertLeadResponse,
} from '@spacecapture/shared/contracts/admin-workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/leads/:id/convert { customerOrgId } → 201 { lead, order }. */
export function convertLead({ id, customerOrgId }: { id: string } & TConvertLeadRequest) {
  return apiRequest(`/api/admin/leads/${encodeURIComponent(id)}/convert`, {
    method: 'POST',
    json: { customerOrgId },
    schema: ZConvertLeadResponse,
  });
}

export function useConvertLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertLead,
    onSuccess: () => notifySuccess(WORKFLOW_TOASTS.leadConverted),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
