import { ZChangePasswordResponse } from '@spacecapture/shared/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { sessionKeys } from '../../../lib/auth/session-keys.ts';

type TChangePasswordRequest = { currentPassword: string; newPassword: string; revokeOtherSessions: boolean };

/** POST /api/auth/change-password; optionally signs out the other devices. */
export function changePassword(request: TChangePasswordRequest) {
  return sendJson('/api/auth/change-password', request, ZChangePasswordResponse);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.devices() }),
  });
}
