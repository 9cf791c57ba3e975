import { ZSharedOrder } from '@spacecapture/shared/contracts/share-links';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { shareLinkKeys } from './share-link-keys.ts';

/** GET /api/public/shares/:token → the shared order's title and files (each call counts one view). */
export function getSharedOrder(token: string, signal?: AbortSignal) {
  return apiRequest(`/api/public/shares/${encodeURIComponent(token)}`, {
    schema: ZSharedOrder,
    ...(signal ? { signal } : {}),
  });
}

/** Loaded once per visit: refetching on focus would count views nobody made. */
export function sharedOrderQueryOptions(token: string) {
  return queryOptions({
    queryKey: shareLinkKeys.shared(token),
    queryFn: ({ signal }) => getSharedOrder(token, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // A gone or unknown link stays gone: no retries.
    retry: (count, error) => !(error instanceof ApiError && [404, 410, 429].includes(error.status)) && count < 2,
  });
}

export function useSharedOrder(token: string) {
  return useQuery(sharedOrderQueryOptions(token));
}
