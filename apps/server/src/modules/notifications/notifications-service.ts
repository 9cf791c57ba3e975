import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import type {
  TNotification,
  TNotificationList,
  TNotificationListQuery,
  TNotificationPreferences,
  TNotificationPreferencesRequest,
  TNotificationStreamEvent,
} from '@spacecapture/shared/contracts/notifications';
import { AppError } from '@spacecapture/shared/errors';
import {
  NOTIFICATION_EVENTS,
  notificationEventsOfRole,
  type TNotificationEventType,
} from '@spacecapture/shared/notifications';
import { portalOfRole } from '@spacecapture/shared/roles';
import type { TActor } from '../../lib/actor.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import {
  countUnread,
  emailRecipients,
  inAppRecipients,
  insertNotifications,
  listNotifications,
  markAllRead,
  markRead,
  preferencesOf,
  type TNotificationRow,
  type TRecipientScope,
  upsertPreferences,
} from './notifications-repository.ts';

export type { TRecipientScope } from './notifications-repository.ts';

/** Titles and bodies are shown in a small dropdown: kept short whatever a caller passes. */
const TITLE_MAX = 200;
const BODY_MAX = 1_000;

export type TNotice = { type: TNotificationEventType; title: string; body: string; link: string };

/**
 * Who hears about `eventType` in the app: the users of a scope (given ids, every holder of some
 * roles, or an organisation's members) whose in-app preference for it is on. Call it in the
 * transaction of the change, then pass the result to `notify`.
 */
export function recipientsOf(tx: TExecutor, scope: TRecipientScope, eventType: TNotificationEventType) {
  return inAppRecipients(tx, scope, eventType);
}

/**
 * Who is e-mailed about `eventType`: the addresses of a scope's users whose e-mail preference for
 * it is on. The one way a service picks the people of an e-mail that a preference may silence.
 */
export function emailRecipientsOf(tx: TExecutor, scope: TRecipientScope, eventType: TNotificationEventType) {
  return emailRecipients(tx, scope, eventType);
}

/**
 * Writes one notification per recipient, inside the caller's transaction: it exists exactly when
 * the change it reports commits, and the database announces it to every instance at that commit.
 */
export async function notify(tx: TExecutor, recipients: readonly string[], notice: TNotice): Promise<void> {
  if (!notice.link.startsWith('/')) throw new Error(`A notification links to a path in the app, not ${notice.link}`);
  await insertNotifications(
    tx,
    [...new Set(recipients)].map((userId) => ({
      userId,
      eventType: notice.type,
      title: notice.title.slice(0, TITLE_MAX),
      body: notice.body.slice(0, BODY_MAX),
      linkPath: notice.link,
    })),
  );
}

/** In-app notice to every recipient of a scope with in-app on: `recipientsOf` then `notify`. */
export async function notifyScope(tx: TExecutor, scope: TRecipientScope, notice: TNotice): Promise<void> {
  await notify(tx, await recipientsOf(tx, scope, notice.type), notice);
}

export function toNotificationView(row: TNotificationRow): TNotification {
  return {
    id: row.id,
    eventType: row.eventType as TNotificationEventType,
    title: row.title,
    body: row.body,
    link: row.linkPath,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** The channels a role may switch for an event type. */
function channelsOf(role: string, eventType: TNotificationEventType) {
  return NOTIFICATION_EVENTS[eventType].channels[portalOfRole(role)];
}

/** The signed-in person's own notifications and preferences (every portal). */
export function createNotificationsService(deps: { db: TDatabase; clock: () => Date }) {
  const { db, clock } = deps;
  return {
    async list(actor: TActor, query: TNotificationListQuery): Promise<TNotificationList> {
      const limit = query.limit;
      const rows = await listNotifications(db, actor.userId, {
        limit: limit + 1,
        cursor: decodeCursor(query.cursor),
        unread: query.unread,
      });
      const page = toPage(
        rows,
        limit,
        (row) => row.row.id,
        (row) => toNotificationView(row.row),
      );
      return { ...page, unreadCount: await countUnread(db, actor.userId) };
    },

    async unreadCount(userId: string) {
      return { unreadCount: await countUnread(db, userId) };
    },

    /** What the stream sends a user: the unread count and the newest unread item. */
    async streamEvent(userId: string): Promise<TNotificationStreamEvent> {
      const unreadCount = await countUnread(db, userId);
      if (unreadCount === 0) return { unreadCount, latest: null };
      const [latest] = await listNotifications(db, userId, { limit: 1, cursor: undefined, unread: true });
      return { unreadCount, latest: latest ? toNotificationView(latest.row) : null };
    },

    async markRead(actor: TActor, id: string): Promise<TNotification> {
      const row = await markRead(db, actor.userId, id, clock());
      if (!row) throw new AppError('not_found', 'No such notification.');
      return toNotificationView(row);
    },

    async markAllRead(actor: TActor) {
      await markAllRead(db, actor.userId, clock());
      return { unreadCount: await countUnread(db, actor.userId) };
    },

    /** The matrix of the caller's role: only the event types it receives, each on until switched off. */
    async preferences(actor: TActor): Promise<TNotificationPreferences> {
      const saved = new Map((await preferencesOf(db, actor.userId)).map((row) => [row.eventType, row]));
      return {
        items: notificationEventsOfRole(actor.role).map((eventType) => {
          const row = saved.get(eventType);
          return {
            eventType,
            email: channelsOf(actor.role, eventType).includes('email') ? (row?.email ?? true) : null,
            inApp: row?.inApp ?? true,
          };
        }),
      };
    },

    /**
     * Saves the given rows of the matrix. A row for an event the role does not receive, or an
     * e-mail choice where the role has none, refuses the whole request and changes nothing.
     */
    async savePreferences(actor: TActor, request: TNotificationPreferencesRequest): Promise<TNotificationPreferences> {
      const own = notificationEventsOfRole(actor.role);
      const fields: Record<string, string> = {};
      request.items.forEach((item, index) => {
        if (!own.includes(item.eventType)) {
          fields[`items.${index}.eventType`] = `Your role does not receive ${item.eventType} notifications.`;
        } else if (item.email !== null && !channelsOf(actor.role, item.eventType).includes('email')) {
          fields[`items.${index}.email`] = `E-mail for ${item.eventType} cannot be switched by your role.`;
        } else if (item.email === null && channelsOf(actor.role, item.eventType).includes('email')) {
          fields[`items.${index}.email`] = 'email is true or false.';
        }
      });
      if (new Set(request.items.map((item) => item.eventType)).size !== request.items.length) {
        fields.items = 'Each event type at most once.';
      }
      if (Object.keys(fields).length > 0) {
        throw new AppError('validation_failed', 'Some preferences could not be saved.', fields);
      }
      await upsertPreferences(
        db,
        actor.userId,
        request.items.map((item) => ({ eventType: item.eventType, email: item.email ?? true, inApp: item.inApp })),
      );
      return this.preferences(actor);
    },
  };
}

export type TNotificationsService = ReturnType<typeof createNotificationsService>;
