import { ZSetupAdminResponse } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';

/** POST /api/auth/setup-admin {token, email, password} → 201: the first master admin (one-time link). */
export function setupAdmin(request: { token: string; email: string; password: string }) {
  return sendJson('/api/auth/setup-admin', request, ZSetupAdminResponse);
}

export function useSetupAdmin() {
  return useMutation({ mutationFn: setupAdmin });
}
