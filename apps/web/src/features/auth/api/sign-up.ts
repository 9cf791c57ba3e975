import { type TSignUpRequest, ZSignUpAccepted } from '@spacecapture/shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/**
 * POST /api/auth/sign-up → 201 { status: 'verification_sent', email }. 403 invite_required without a
 * matching pending invitation, 400 weak_password (fields.password), 409 when the account exists.
 */
export function signUp(request: TSignUpRequest) {
  return sendJson('/api/auth/sign-up', request, ZSignUpAccepted);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
