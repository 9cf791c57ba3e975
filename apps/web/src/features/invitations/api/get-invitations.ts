import { ZInvitationList } from '@spacecapture/shared/contracts/invitations';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invitationKeys } from './invitation-keys.ts';

export const INVITATIONS_PAGE_SIZE = 25;

/** GET /api/admin/invitations?limit=&cursor= → { items, nextCursor }, newest first. */
export function getInvitations({ cursor, signal }: { cursor: string | null; signal?: AbortSignal }) {
  const query = new URLSearchParams({ limit: String(INVITATIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`/api/admin/invitations?${query}`, { schema: ZInvitationList, ...(signal ? { signal } : {}) });
}

export const invitationsQueryOptions = infiniteQueryOptions({
  queryKey: invitationKeys.list(),
  queryFn: ({ pageParam, signal }) => getInvitations({ cursor: pageParam, signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage) => lastPage.nextCursor,
});

export function useInvitations() {
  return useInfiniteQuery(invitationsQueryOptions);
}
