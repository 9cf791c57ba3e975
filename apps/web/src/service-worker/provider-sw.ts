/// <reference lib="webworker" />
/**
 * The provider portal's service worker (decision 225): what a provider needs on site stays readable
 * without signal. It controls only pages under `/provider` (its registration's scope); the public
 * site and the other portals never pass through it.
 *
 * - The app's code and styles are precached at install, so a portal page opens offline.
 * - A portal page is fetched from the network when there is one, so it always carries the server's
 *   current headers; offline, the precached app shell answers instead.
 * - The JSON API answers are kept as they last came from the network (network first), so jobs,
 *   briefs, addresses once accepted, access notes and the schedule read offline as last seen.
 * - The kept answers belong to one signed-in user: they are dropped the moment the API says nobody
 *   is signed in (401), and the page drops them on sign-out (`clearOfflineData`).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { isOfflineReadableApi, OFFLINE_API_CACHE, PROVIDER_APP_SHELL } from '../lib/offline/offline-scope.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pageFromNetwork = new NetworkOnly();
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await pageFromNetwork.handle(options);
    } catch {
      const shell = await matchPrecache(PROVIDER_APP_SHELL);
      if (shell) return shell;
      throw new Error('The app shell is not cached yet.');
    }
  }),
);

const dropKeptAnswersWhenSignedOut = {
  fetchDidSucceed: async ({ response }: { response: Response }) => {
    if (response.status === 401) await caches.delete(OFFLINE_API_CACHE);
    return response;
  },
};

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    isOfflineReadableApi(url.pathname, request.headers.get('accept')),
  new NetworkFirst({
    cacheName: OFFLINE_API_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), dropKeptAnswersWhenSignedOut],
  }),
);

// A new version takes over at once: the shell and code it precached match the server's API.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
