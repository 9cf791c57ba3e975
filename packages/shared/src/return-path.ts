import { PATHS } from './paths.ts';
import { homePathOfRole, portalOfRole, type TPortal } from './roles.ts';

/**
 * Where a sign-in returns to (issue 17 item 6): the page a signed-out visitor asked for, carried
 * as `/auth?…&next=<path>`. Only a path on our own origin is ever followed; the server's checks of
 * auth redirect targets use the same rule.
 */

/** Longest return path kept; anything longer is not one of our pages. */
export const RETURN_PATH_MAX_LENGTH = 2000;

const PROBE_ORIGIN = 'https://own-origin.invalid';

/**
 * The path itself when it is a path on our own origin, else null. It must start with exactly one
 * `/` (`//evil` is another host), hold no backslash (browsers read `/\evil` as `//evil`) and no
 * control character (browsers drop tabs and line breaks, so `/\t/evil` is `//evil`), and resolve
 * on our origin. Absolute URLs (`https://other`) and relative ones (`evil`) are refused.
 */
export function ownPath(value: string | null | undefined): string | null {
  if (!value || value.length > RETURN_PATH_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The signed-in area a path belongs to: a portal, `any` (the account page), or none (public, /auth). */
export function areaOfPath(pathname: string): TPortal | 'any' | null {
  const within = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (within('/account')) return 'any';
  if (within('/admin')) return 'admin';
  if (within('/customer-dashboard') || pathname.startsWith('/customer/')) return 'customer';
  // `/provider` alone is the public application page.
  if (within('/provider-dashboard') || pathname.startsWith('/provider/')) return 'provider';
  return null;
}

/**
 * Where a user lands after signing in: the requested page when it is our own path in their
 * portal (or their account page), otherwise their role's home.
 */
export function pathAfterSignIn(role: string | null | undefined, next: string | null | undefined): string {
  const home = homePathOfRole(role);
  const path = ownPath(next);
  if (!role || !path) return home;
  const area = areaOfPath(new URL(path, PROBE_ORIGIN).pathname);
  return area === 'any' || area === portalOfRole(role) ? path : home;
}

/** The sign-in page of a signed-in area, carrying the requested page unless it is that area's home. */
export function signInPathFor(portal: TPortal, requested: string): string {
  const intent = `${PATHS.auth}?intent=${portal}`;
  const path = ownPath(requested);
  if (!path || path === homePathOfRole(portal === 'admin' ? 'admin' : `${portal}_user`)) return intent;
  return `${intent}&next=${encodeURIComponent(path)}`;
}
