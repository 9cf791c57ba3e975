import { ZChangePasswordResponse } from '@spacecapture/shared/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/auth/session-keys.ts';

type TChangePasswordRequest = { currentPassword: string; newPassword: string; revokeOtherSessions: boolean };

/** POST /api/auth/change-password; optionally signs out the other devices. */
export function changePassword(request: TChangePasswordRequest) {
  return apiRequest('/api/auth/change-password', { method: 'POST', json: request, schema: ZChangePasswordResponse });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.devices() }),
  });
}
