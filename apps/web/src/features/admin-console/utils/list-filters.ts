import { ADMIN_LIST_LIMITS } from '@spacecapture/shared/contracts/admin-console/common';
import { ORDER_STATUSES } from '@spacecapture/shared/contracts/admin-workflow';
import type { TOrderStatus } from '@spacecapture/shared/state-machines';
import type { TOrderFilters, TOrganizationFilters } from '../api/console-keys.ts';

/**
 * A list's filters live in the URL (?q=…&status=…), so a filtered list can be shared, reloaded and
 * reached again with Back. A value the list cannot use is read as no filter.
 */

/** How long typing pauses before the search reaches the URL and the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export function readSearch(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, ADMIN_LIST_LIMITS.searchLength);
}

export function readOrderStatus(params: URLSearchParams): TOrderStatus | '' {
  const status = params.get('status') ?? '';
  return (ORDER_STATUSES as readonly string[]).includes(status) ? (status as TOrderStatus) : '';
}

export function readOrderFilters(params: URLSearchParams): TOrderFilters {
  return { q: readSearch(params), status: readOrderStatus(params) };
}

export function readOrganizationFilters(params: URLSearchParams): TOrganizationFilters {
  return { q: readSearch(params) };
}

/** The query string after `changes` (null or '' removes a parameter), e.g. "?q=oslo&status=scheduled", or "". */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}
