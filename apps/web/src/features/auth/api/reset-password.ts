import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/** POST /api/auth/reset-password {newPassword, token}: sets the password and ends every session. */
export function resetPassword(request: { newPassword: string; token: string }) {
  return sendJson('/api/auth/reset-password', request, ZOkResponse);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
