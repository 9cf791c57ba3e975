/**
 * What the provider portal keeps for reading offline (decision 225), shared by the service worker
 * and the page that clears it on sign-out.
 */

/** The Cache Storage name of the kept API answers of the signed-in provider. */
export const OFFLINE_API_CACHE = 'provider-api';

/** The app shell every portal path renders from, precached under a path the server answers with it. */
export const PROVIDER_APP_SHELL = '/provider-dashboard';

/** The service worker's URL and the pages it controls (the dashboard and every `/provider/…` page). */
export const PROVIDER_SW_URL = '/provider-sw.js';
export const PROVIDER_SW_SCOPE = '/provider';

/**
 * API reads kept for offline: JSON answers only. Event streams, file downloads and uploads are
 * never kept, and the auth endpoints are left to the network.
 */
export function isOfflineReadableApi(pathname: string, accept: string | null): boolean {
  if (!pathname.startsWith('/api/') || pathname.startsWith('/api/auth/')) return false;
  return (accept ?? '').includes('application/json');
}
