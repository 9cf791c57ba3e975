import { ZNotificationList } from '@spacecapture/shared/contracts/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './notification-keys.ts';

/** How many the bell's dropdown shows. */
export const BELL_PAGE_SIZE = 10;

/** GET /api/notifications → the newest notifications, read or not, and the unread count. */
export function getNotifications(signal?: AbortSignal) {
  return apiRequest(`/api/notifications?limit=${BELL_PAGE_SIZE}`, {
    schema: ZNotificationList,
    ...(signal ? { signal } : {}),
  });
}

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ signal }) => getNotifications(signal),
});

/** The dropdown's list: fetched when it opens, and again whenever the count changes. */
export function useNotifications(options: { enabled: boolean }) {
  return useQuery({ ...notificationsQueryOptions, enabled: options.enabled });
}
