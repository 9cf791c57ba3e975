import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { leaveToHome } from '../../../lib/auth/sign-out.ts';

/** POST /api/auth/revoke-sessions: sign-out scope "global" (every device, this one included). */
export function revokeSessions() {
  return sendJson('/api/auth/revoke-sessions', {}, ZOkResponse);
}

export function useRevokeSessions() {
  return useMutation({ mutationFn: revokeSessions, onSuccess: leaveToHome });
}
