import {
  type TConvertLeadRequest,
  type TConvertLeadResponse,
  WORKFLOW_TOASTS,
  ZConvertLeadResponse,
} from '@spacecapture/shared/contracts/admin-workflow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { adminKeys } from '../../../resources/admin/admin-keys.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/leads/:id/convert { customerOrgId } or { newCustomerOrg } → 201 { lead, order, invitation }. */
export function convertLead({ id, ...body }: { id: string } & TConvertLeadRequest) {
  return sendJson(`/api/admin/leads/${encodeURIComponent(id)}/convert`, body, ZConvertLeadResponse);
}

/**
 * `onConverted` runs from the mutation itself (decision 097): the lead's card leaves the list as
 * it converts, so the column that outlives it is told which order it became.
 */
export function useConvertLead(onConverted?: (converted: TConvertLeadResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertLead,
    onSuccess: (converted) => {
      notifySuccess(WORKFLOW_TOASTS.leadConverted);
      onConverted?.(converted);
    },
    onSettled: async () => {
      // A new organisation joins the customer pickers.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.organizationOptions('customer') }),
      ]);
    },
  });
}
