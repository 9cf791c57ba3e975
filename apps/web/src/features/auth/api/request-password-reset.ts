import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/**
 * POST /api/auth/request-password-reset: e-mails a link that lands on /auth/reset-password?token=…
 * The answer is the same whether or not the account exists.
 */
export function requestPasswordReset(email: string) {
  return sendJson(
    '/api/auth/request-password-reset',
    { email, redirectTo: PORTAL_PATHS.authResetPassword },
    ZOkResponse,
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
