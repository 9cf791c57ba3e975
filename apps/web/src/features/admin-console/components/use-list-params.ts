import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryParams } from '../../../lib/navigation.ts';
import { withParams } from '../utils/list-filters.ts';

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
