import { ZTotpEnrolment } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/two-factor/enable {password} → { totpURI, backupCodes }. The factor is on only
 * once a code from the app is verified (verify-totp).
 */
export function enableTwoFactor(password: string) {
  return apiRequest('/api/auth/two-factor/enable', { method: 'POST', json: { password }, schema: ZTotpEnrolment });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
