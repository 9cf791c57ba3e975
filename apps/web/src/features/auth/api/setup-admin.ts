import { ZSetupAdminResponse } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/setup-admin {token, email, password} → 201: the first master admin (one-time link). */
export function setupAdmin(request: { token: string; email: string; password: string }) {
  return apiRequest('/api/auth/setup-admin', { method: 'POST', json: request, schema: ZSetupAdminResponse });
}

export function useSetupAdmin() {
  return useMutation({ mutationFn: setupAdmin });
}
