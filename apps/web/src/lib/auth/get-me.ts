import { type TProfile, ZProfile } from '@spacecapture/shared/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client.ts';
import { sessionKeys } from './session-keys.ts';

export const ME_PATH = '/api/me';

/** GET /api/me → the profile, or null when nobody is signed in (401). */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<TProfile | null> {
  try {
    return await apiRequest(ME_PATH, { schema: ZProfile, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The single source of truth for who is signed in. Checked again when the tab becomes visible
 * (spec 000 §4), so a session ended elsewhere is noticed.
 */
export const meQueryOptions = queryOptions({
  queryKey: sessionKeys.me(),
  queryFn: getMe,
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

export function useSession() {
  return useQuery(meQueryOptions);
}
