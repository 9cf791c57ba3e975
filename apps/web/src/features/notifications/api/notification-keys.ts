/** Query keys of the signed-in person's notifications. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
  messageDigests: () => [...notificationKeys.all, 'message-digests'] as const,
};
