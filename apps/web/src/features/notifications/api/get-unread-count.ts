import { ZUnreadCount } from '@spacecapture/shared/contracts/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/** GET /api/notifications/unread-count → how many are unread (the stream keeps it current). */
export function getUnreadCount(signal?: AbortSignal) {
  return apiRequest('/api/notifications/unread-count', { schema: ZUnreadCount, ...(signal ? { signal } : {}) });
}

export const unreadCountQueryOptions = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: ({ signal }) => getUnreadCount(signal),
  // The stream (or the polling fallback) writes fresh counts into the cache.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}
