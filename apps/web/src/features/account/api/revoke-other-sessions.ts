import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/auth/session-keys.ts';

/** POST /api/auth/revoke-other-sessions: sign-out scope "others" (every device but this one). */
export function revokeOtherSessions() {
  return apiRequest('/api/auth/revoke-other-sessions', { method: 'POST', json: {}, schema: ZOkResponse });
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useRevokeOtherSessions(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => options.onSuccess?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.devices() }),
  });
}
