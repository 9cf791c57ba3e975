import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth-schema.ts';

/**
 * In-app notifications (decision 121): one row per person and event, written in the transaction of
 * the change it reports. A trigger (hand-written in the migration) announces each new row on the
 * `notifications` channel with the recipient's id, so every instance can push it to open pages.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_EVENT_TYPES (packages/shared/src/notifications.ts). */
    eventType: text('event_type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The page the item opens, a path inside the app. */
    linkPath: text('link_path').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_read_created_idx').on(
      table.userId,
      table.readAt,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

/** A person's choice per event type; no row means both channels are on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    email: boolean('email').notNull().default(true),
    inApp: boolean('in_app').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.userId, table.eventType] })],
);
