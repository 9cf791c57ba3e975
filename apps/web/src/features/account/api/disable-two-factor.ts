import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson, type TMutationHookOptions } from '../../../lib/api-hooks.ts';
import { sessionKeys } from '../../../lib/auth/session-keys.ts';

/** POST /api/auth/two-factor/disable {password}: removes the TOTP factor. */
export function disableTwoFactor(password: string) {
  return sendJson('/api/auth/two-factor/disable', { password }, ZOkResponse);
}

/** `onSuccess` is the mutation's own (decision 097). */
export function useDisableTwoFactor(options: TMutationHookOptions<typeof disableTwoFactor> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (data, variables) => {
      options.onSuccess?.(data, variables);
      return queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
