import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { sessionKeys } from '../../../lib/auth/session-keys.ts';

/** POST /api/auth/revoke-other-sessions: sign-out scope "others" (every device but this one). */
export function revokeOtherSessions() {
  return sendJson('/api/auth/revoke-other-sessions', {}, ZOkResponse);
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useRevokeOtherSessions(options: { onSuccess?: () => void } = {}) {
  return useRefreshingMutation(sessionKeys.devices(), {
    mutationFn: revokeOtherSessions,
    onSuccess: () => options.onSuccess?.(),
  });
}
