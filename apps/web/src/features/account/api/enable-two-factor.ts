import { ZTotpEnrolment } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/**
 * POST /api/auth/two-factor/enable {password} → { totpURI, backupCodes }. The factor is on only
 * once a code from the app is verified (verify-totp).
 */
export function enableTwoFactor(password: string) {
  return sendJson('/api/auth/two-factor/enable', { password }, ZTotpEnrolment);
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
