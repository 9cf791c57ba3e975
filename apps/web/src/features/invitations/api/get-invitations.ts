import { ZInvitationList } from '@spacecapture/shared/contracts/invitations';
import { useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
import { invitationKeys } from './invitation-keys.ts';

export const INVITATIONS_PAGE_SIZE = 25;

/** GET /api/admin/invitations?limit=&cursor= → { items, nextCursor }, newest first. */
export const invitationsQueryOptions = pagedQuery(invitationKeys.list(), ZInvitationList, (cursor) =>
  pagePath('/api/admin/invitations', { limit: String(INVITATIONS_PAGE_SIZE) }, cursor),
);

export function useInvitations() {
  return useInfiniteQuery(invitationsQueryOptions);
}
