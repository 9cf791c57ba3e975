import { ZSessionList } from '@spacecapture/shared/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/auth/session-keys.ts';

/** GET /api/auth/list-sessions → the user's active sessions, the requesting one marked current. */
export function listSessions(signal?: AbortSignal) {
  return apiRequest('/api/auth/list-sessions', { schema: ZSessionList, ...(signal ? { signal } : {}) });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: sessionKeys.devices(),
  queryFn: ({ signal }) => listSessions(signal),
  staleTime: 0,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
