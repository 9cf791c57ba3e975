import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { sessionKeys } from './auth/session-keys.ts';

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // The server refused because the admin must set up a second factor (the setting may have
      // changed since the profile was read): re-read the profile so the admin guard sends them on.
      onError(error) {
        if (error instanceof ApiError && error.code === 'mfa_required') {
          void client.invalidateQueries({ queryKey: sessionKeys.me() });
        }
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        // Others act on the same orders: what a page shows is re-read when it mounts after 5 s, or
        // when the person comes back to the tab, so a list never lags behind an e-mailed notice.
        refetchOnWindowFocus: true,
        staleTime: 5_000,
        // Tried even when the browser says it is offline: the provider portal's service worker
        // answers from what it kept (decision 225). A read that fails waits for the signal to retry.
        networkMode: 'offlineFirst',
      },
      // A submission is retried by the person (same Idempotency-Key), never silently.
      mutations: { retry: 0 },
    },
  });
  return client;
}

let browserClient: QueryClient | undefined;

/**
 * The one query client of the browser session, shared by the public form pages, /auth and the
 * portals, so the session read on /auth is the one the portal guards see. Prerendering gets a
 * fresh one per page.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}
