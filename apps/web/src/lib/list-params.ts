import { ADMIN_LIST_LIMITS } from '@spacecapture/shared/contracts/admin-console/common';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryParams } from './navigation.ts';

/**
 * A list's filters live in the URL (?q=…&status=…), so a filtered list can be shared, reloaded and
 * reached again with Back. A value the list cannot use is read as no filter.
 */

/** How long typing pauses before the search reaches the URL and the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search a list keeps in the URL (under `name`, "q" unless told), trimmed and capped. */
export function readSearch(params: URLSearchParams, name = 'q'): string {
  return (params.get(name) ?? '').trim().slice(0, ADMIN_LIST_LIMITS.searchLength);
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

/** The current URL's query parameters and a way to change some of them (a new history entry unless `replace`). */
export function useListParams() {
  const params = useQueryParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const update = useCallback(
    (changes: Record<string, string | null>, options: { replace?: boolean } = {}) => {
      navigate({ pathname, search: withParams(params, changes) }, { replace: options.replace ?? false });
    },
    [navigate, params, pathname],
  );
  return { params, update };
}
