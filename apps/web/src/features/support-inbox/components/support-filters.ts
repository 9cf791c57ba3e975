import { SUPPORT_REQUEST_STATUSES } from '@spacecapture/shared/contracts/admin-console/support-requests';
import type { TSupportRequestStatus } from '@spacecapture/shared/state-machines';
import type { TSupportFilters } from '../api/support-inbox-keys.ts';

const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The inbox's filters from the URL; a value the server would refuse reads as no filter. */
export function readSupportFilters(params: URLSearchParams): TSupportFilters {
  const status = params.get('status') ?? '';
  const assignee = params.get('assignee') ?? '';
  return {
    status: (SUPPORT_REQUEST_STATUSES as readonly string[]).includes(status) ? (status as TSupportRequestStatus) : '',
    assignee: USER_ID.test(assignee) ? assignee : '',
  };
}
