import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/auth/session-keys.ts';

/** POST /api/auth/two-factor/disable {password}: removes the TOTP factor. */
export function disableTwoFactor(password: string) {
  return apiRequest('/api/auth/two-factor/disable', { method: 'POST', json: { password }, schema: ZOkResponse });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
