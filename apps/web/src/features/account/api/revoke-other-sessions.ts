import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/auth/session-keys.ts';

/** POST /api/auth/revoke-other-sessions: sign-out scope "others" (every device but this one). */
export function revokeOtherSessions() {
  return apiRequest('/api/auth/revoke-other-sessions', { method: 'POST', json: {}, schema: ZOkResponse });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.devices() }),
  });
}
