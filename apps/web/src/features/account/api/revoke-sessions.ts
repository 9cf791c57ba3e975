import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { leaveToHome } from '../../../lib/auth/sign-out.ts';

/** POST /api/auth/revoke-sessions: sign-out scope "global" (every device, this one included). */
export function revokeSessions() {
  return apiRequest('/api/auth/revoke-sessions', { method: 'POST', json: {}, schema: ZOkResponse });
}

export function useRevokeSessions() {
  return useMutation({ mutationFn: revokeSessions, onSuccess: leaveToHome });
}
