import { type TSupportRequest, ZSupportRequestCreated } from '@spacecapture/shared/contracts/customer-portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { supportKeys } from './support-keys.ts';

/** POST /api/customer/support → 201 { id, createdAt }; stored for admins and e-mailed to the company. */
export function sendSupportRequest(values: TSupportRequest) {
  return sendJson('/api/customer/support', values, ZSupportRequestCreated);
}

export function useSendSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.requests() }),
  });
}
