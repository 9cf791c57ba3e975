import {
  type TSupportRequest,
  ZSupportRequest,
  ZSupportRequestCreated,
} from '@spacecapture/shared/contracts/customer-portal';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/customer/support → { id, createdAt }: stored for the admins and e-mailed to the company. */
export function createSupportRequest(request: TSupportRequest) {
  return apiRequest('/api/customer/support', {
    method: 'POST',
    json: ZSupportRequest.parse(request),
    schema: ZSupportRequestCreated,
  });
}

export function useCreateSupportRequest() {
  return useMutation({ mutationFn: createSupportRequest });
}
