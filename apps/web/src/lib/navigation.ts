import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/*
 * react-router lives in the entry chunk, so each of its exports a lazy page uses is kept there.
 * These two helpers use only what the entry has already (useLocation, useNavigate), keeping
 * Navigate and useSearchParams out of the landing page's bundle.
 */

/** The current URL's query parameters. */
export function useQueryParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** Replaces the current history entry with `to` once rendered (react-router's Navigate with replace). */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
