import { ZAdminSupportRequestList } from '@spacecapture/shared/contracts/admin-console/support-requests';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
import { SUPPORT_PAGE_SIZE, supportInboxKeys, type TSupportFilters } from './support-inbox-keys.ts';

/** GET /api/admin/support-requests?status=&assignee=&cursor=&limit= → the inbox, newest first. */
export function useSupportRequests(filters: TSupportFilters) {
  return useInfiniteQuery({
    ...pagedQuery(supportInboxKeys.list(filters), ZAdminSupportRequestList, (cursor) =>
      pagePath(
        '/api/admin/support-requests',
        {
          limit: String(SUPPORT_PAGE_SIZE),
          status: filters.status || undefined,
          assignee: filters.assignee || undefined,
        },
        cursor,
      ),
    ),
    placeholderData: keepPreviousData,
  });
}
