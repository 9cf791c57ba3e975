import { ZNotificationList } from '@spacecapture/shared/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';
import { notificationKeys } from './notification-keys.ts';

/** How many the bell's dropdown shows. */
export const BELL_PAGE_SIZE = 10;

/** GET /api/notifications → the newest notifications, read or not, and the unread count. */
export const notificationsQueryOptions = endpointQuery(
  notificationKeys.list(),
  `/api/notifications?limit=${BELL_PAGE_SIZE}`,
  ZNotificationList,
);

/** The dropdown's list: fetched when it opens, and again whenever the count changes. */
export function useNotifications(options: { enabled: boolean }) {
  return useQuery({ ...notificationsQueryOptions, enabled: options.enabled });
}
