import type { TSupportRequestStatus } from '@spacecapture/shared/state-machines';

/** The inbox's filters as the URL holds them: a status, and "me", "none" or an admin's id. */
export type TSupportFilters = { status: TSupportRequestStatus | ''; assignee: string };

/** Query keys of the admins' support inbox. */
export const supportInboxKeys = {
  all: ['admin', 'support-requests'] as const,
  list: (filters: TSupportFilters) => [...supportInboxKeys.all, 'list', filters] as const,
  detail: (id: string) => [...supportInboxKeys.all, 'detail', id] as const,
  assignees: () => [...supportInboxKeys.all, 'assignees'] as const,
};

/** Rows per page of the inbox. */
export const SUPPORT_PAGE_SIZE = 25;
