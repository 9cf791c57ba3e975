import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation } from 'react-router';

export type TAppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  /** Sets aria-current="page" when the current path is `to` (what NavLink does). */
  markCurrent?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * An in-app link: a real <a href> that navigates client-side on a plain left click.
 * Use it instead of react-router's Link/NavLink, which pull their prefetch and view-transition code
 * into the entry chunk (several kB on every page). Also works as Mantine's `component={AppLink}`.
 */
export function AppLink({ to, replace, markCurrent = false, onClick, target, ref, ...rest }: TAppLinkProps) {
  const href = useHref(to);
  const { pathname } = useLocation();
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const current = markCurrent && pathname === to ? 'page' : undefined;
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  }
  return <a aria-current={current} {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
