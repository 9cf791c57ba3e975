import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password {newPassword, token}: sets the password and ends every session. */
export function resetPassword(request: { newPassword: string; token: string }) {
  return apiRequest('/api/auth/reset-password', { method: 'POST', json: request, schema: ZOkResponse });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
