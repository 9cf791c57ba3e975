import { ZTwoFactorVerified } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const VERIFY_TOTP_PATH = '/api/auth/two-factor/verify-totp';

/**
 * POST /api/auth/two-factor/verify-totp {code}: completes a sign-in that asked for a second factor,
 * or confirms a TOTP enrolment (then the profile's twoFactorEnabled becomes true).
 */
export function verifyTotp(code: string) {
  return apiRequest(VERIFY_TOTP_PATH, { method: 'POST', json: { code }, schema: ZTwoFactorVerified });
}

export function useVerifyTotp() {
  return useMutation({ mutationFn: verifyTotp });
}
