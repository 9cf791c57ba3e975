import { type TSignUpRequest, ZSignUpAccepted } from '@spacecapture/shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/sign-up → 201 { status: 'verification_sent', email }. 403 invite_required without a
 * matching pending invitation, 400 weak_password (fields.password), 409 when the account exists.
 */
export function signUp(request: TSignUpRequest) {
  return apiRequest('/api/auth/sign-up', { method: 'POST', json: request, schema: ZSignUpAccepted });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
