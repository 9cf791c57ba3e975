import { ZSignInResponse } from '@spacecapture/shared/contracts/account';
import type { TSignInRequest } from '@spacecapture/shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/**
 * POST /api/auth/sign-in/email → signed in ({ redirect, user }), or { twoFactorRedirect: true } when
 * a second factor must be verified first. 401 invalid_credentials, 403 email_not_verified (the
 * confirmation link is sent again), 429 rate_limited.
 */
export function signInEmail(request: TSignInRequest) {
  return sendJson('/api/auth/sign-in/email', request, ZSignInResponse);
}

export function useSignInEmail() {
  return useMutation({ mutationFn: signInEmail });
}
