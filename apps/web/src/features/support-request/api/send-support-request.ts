import { type TSupportRequest, ZSupportRequestCreated } from '@spacecapture/shared/contracts/customer-portal';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/** POST /api/customer/support → 201 { id, createdAt }; stored for admins and e-mailed to the company. */
export function sendSupportRequest(values: TSupportRequest) {
  return sendJson('/api/customer/support', values, ZSupportRequestCreated);
}

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
