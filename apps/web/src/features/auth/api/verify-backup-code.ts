import { ZTwoFactorVerified } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/two-factor/verify-backup-code {code}: completes sign-in with a recovery code (used once). */
export function verifyBackupCode(code: string) {
  return apiRequest('/api/auth/two-factor/verify-backup-code', {
    method: 'POST',
    json: { code },
    schema: ZTwoFactorVerified,
  });
}

export function useVerifyBackupCode() {
  return useMutation({ mutationFn: verifyBackupCode });
}
