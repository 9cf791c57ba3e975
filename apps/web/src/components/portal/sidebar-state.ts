/**
 * The sidebar's expanded/collapsed state, remembered in a cookie for 7 days (spec 001 §9), and the
 * sizes and breakpoint of the portal layout.
 */

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const SIDEBAR_WIDTH_MOBILE = '18rem';
/** Below 768 px the sidebar is a drawer. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** true (expanded) unless the cookie says "false". */
export function readSidebarExpanded(cookie: string = document.cookie): boolean {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry?.slice(SIDEBAR_COOKIE.length + 1) !== 'false';
}

export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function writeSidebarExpanded(expanded: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; the Cookie Store API is not in every browser we target.
  document.cookie = sidebarCookie(expanded);
}

/** Ctrl+B (Windows, Linux) or Cmd+B (macOS). */
export function isSidebarShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b';
}
