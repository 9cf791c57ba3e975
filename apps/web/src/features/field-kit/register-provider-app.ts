import { useEffect } from 'react';
import { PROVIDER_SW_SCOPE, PROVIDER_SW_URL } from '../../lib/offline/offline-scope.ts';

const MANIFEST_HREF = '/provider.webmanifest';

/**
 * Makes the provider portal an installable app that opens offline (decision 225): links its web
 * app manifest and registers its service worker. Only built apps register one (the development
 * server has no precache to serve); a browser without service workers keeps the online portal.
 */
export function useProviderApp() {
  useEffect(() => {
    if (!document.querySelector(`link[rel="manifest"][href="${MANIFEST_HREF}"]`)) {
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = MANIFEST_HREF;
      document.head.append(link);
    }
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register(PROVIDER_SW_URL, { scope: PROVIDER_SW_SCOPE }).catch(() => {
      // Without it the portal works as before, online only; nothing for the provider to do.
    });
  }, []);
}
