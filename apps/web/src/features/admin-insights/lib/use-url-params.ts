import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryParams } from '../../../lib/navigation.ts';

/**
 * The page's query parameters and a setter that rewrites them (keeping the path), so filters,
 * tabs and the open detail live in the URL: shareable, and Back undoes them.
 */
export function useUrlParams(): [URLSearchParams, (update: (params: URLSearchParams) => void) => void] {
  const params = useQueryParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const setParams = useCallback(
    (update: (params: URLSearchParams) => void) => {
      const next = new URLSearchParams(params);
      update(next);
      const search = next.toString();
      navigate(search ? `${pathname}?${search}` : pathname);
    },
    [params, pathname, navigate],
  );
  return [params, setParams];
}
