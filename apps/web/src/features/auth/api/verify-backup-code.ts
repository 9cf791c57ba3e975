import { ZTwoFactorVerified } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/** POST /api/auth/two-factor/verify-backup-code {code}: completes sign-in with a recovery code (used once). */
export function verifyBackupCode(code: string) {
  return sendJson('/api/auth/two-factor/verify-backup-code', { code }, ZTwoFactorVerified);
}

export function useVerifyBackupCode() {
  return useMutation({ mutationFn: verifyBackupCode });
}
