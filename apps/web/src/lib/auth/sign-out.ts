import { ZOkResponse } from '@spacecapture/shared/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client.ts';
import { clearOfflineData } from '../offline/clear-offline-data.ts';

export const SIGN_OUT_PATH = '/api/auth/sign-out';

/**
 * POST /api/auth/sign-out (scope local: this device). A 401, 403 or 404 means there is no session
 * to end any more: treated as signed out (spec 000 §8). Either way, what was kept for reading
 * offline goes with the session.
 */
export async function signOut(): Promise<void> {
  try {
    await apiRequest(SIGN_OUT_PATH, { method: 'POST', json: {}, schema: ZOkResponse });
  } catch (error) {
    if (!(error instanceof ApiError && [401, 403, 404].includes(error.status))) throw error;
  }
  await clearOfflineData();
}

/**
 * Leaves the signed-in app for the landing page with a full page load, so nothing of the
 * signed-in user's data stays in memory.
 */
export function leaveToHome() {
  window.location.assign('/');
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut, onSuccess: leaveToHome });
}
