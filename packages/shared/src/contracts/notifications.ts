import { z } from 'zod';
import { boundedText } from '../fields.ts';
import { NOTIFICATION_EVENT_TYPES } from '../notifications.ts';

/** Contracts of /api/notifications: the bell's list, its count, marking read and the preferences matrix. */

export const NOTIFICATION_MESSAGES = {
  markedReadTitle: 'Marked as read',
  markedAllReadTitle: 'All caught up',
  markedAllRead: 'Every notification is marked as read.',
  preferencesSavedTitle: 'Preferences saved',
  preferencesSaved: 'Your notification preferences were saved.',
  digestsOn: 'New messages will be e-mailed to you in a digest.',
  digestsOff: 'New messages will no longer be e-mailed to you.',
  failedTitle: 'Failed',
  empty: 'No notifications yet.',
} as const;

export const ZNotificationEventType = z.enum(NOTIFICATION_EVENT_TYPES, {
  error: 'Not an event type of this application.',
});

export const ZNotification = z.object({
  id: z.uuid(),
  eventType: ZNotificationEventType,
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  readAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListQuery = z.object({
  cursor: boundedText(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** `?unread` or `?unread=true`: only unread ones. */
  unread: z
    .enum(['', 'true', 'false'], { error: 'unread is true or false.' })
    .optional()
    .transform((value) => value === '' || value === 'true'),
});
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int().min(0),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZUnreadCount = z.object({ unreadCount: z.number().int().min(0) });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

export const ZNotificationPreference = z.object({
  eventType: ZNotificationEventType,
  /** null: this role cannot switch e-mail for this event (admins' e-mail goes to the company address). */
  email: z.boolean().nullable(),
  inApp: z.boolean(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

export const ZNotificationPreferences = z.object({ items: z.array(ZNotificationPreference) });
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZNotificationPreferencesRequest = z.object({
  items: z
    .array(
      z.object({
        eventType: ZNotificationEventType,
        email: z.boolean({ error: 'email is true or false.' }).nullable(),
        inApp: z.boolean({ error: 'inApp is true or false.' }),
      }),
    )
    .max(NOTIFICATION_EVENT_TYPES.length),
});
export type TNotificationPreferencesRequest = z.infer<typeof ZNotificationPreferencesRequest>;

/** What the stream pushes (`event: notifications`): the unread count, and the newest item when one arrived. */
export const ZNotificationStreamEvent = z.object({
  unreadCount: z.number().int().min(0),
  latest: ZNotification.nullable(),
});
export type TNotificationStreamEvent = z.infer<typeof ZNotificationStreamEvent>;
