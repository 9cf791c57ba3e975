import { type TSupportRequest, ZSupportRequestCreated } from '@spacecapture/shared/contracts/customer-portal';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/customer/support → 201 { id, createdAt }; stored for admins and e-mailed to the company. */
export function sendSupportRequest(values: TSupportRequest) {
  return apiRequest('/api/customer/support', { method: 'POST', json: values, schema: ZSupportRequestCreated });
}

export function useSendSupportRequest() {
  return useMutation({ mutationFn: sendSupportRequest });
}
