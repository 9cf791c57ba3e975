import { type TSignUpRequest, ZSignUpAccepted } from '@spacecapture/shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/**
 * POST /api/auth/sign-up {invitationToken, name, password} → 201 { status: 'signed_in', email,
 * portal }: the invitation's account, its address verified, signed in by this response's cookie.
 * 403 invite_required without a pending invitation for the token, 400 weak_password
 * (fields.password), 409 when the account exists.
 */
export function signUp(request: TSignUpRequest) {
  return sendJson('/api/auth/sign-up', request, ZSignUpAccepted);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
