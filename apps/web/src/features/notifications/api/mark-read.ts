import { ZNotification, ZUnreadCount } from '@spacecapture/shared/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notificationKeys } from './notification-keys.ts';

/** POST /api/notifications/:id/read: one of the caller's notifications is read. */
export function markNotificationRead(id: string) {
  return sendJson(`/api/notifications/${encodeURIComponent(id)}/read`, {}, ZNotification);
}

/** POST /api/notifications/read-all: every notification of the caller is read. */
export function markAllNotificationsRead() {
  return sendJson('/api/notifications/read-all', {}, ZUnreadCount);
}

/** `onSuccess` is the mutation's own: it runs even when the success unmounts the component (decision 097). */
export function useMarkNotificationRead(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useRefreshingMutation(notificationKeys.all, {
    mutationFn: markNotificationRead,
    onSuccess: () => options.onSuccess?.(),
    onError: (error) => options.onError?.(error),
  });
}

export function useMarkAllNotificationsRead(
  options: { onSuccess?: () => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (data) => {
      queryClient.setQueryData(notificationKeys.unreadCount(), data);
      options.onSuccess?.();
    },
    onError: (error) => options.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}
