import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, count, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { afterCursor, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

/** The only writer of `notifications` and `notification_preferences` (decision 121). */

const { notifications, notificationPreferences, orgMemberships, userRoles, user } = schema;

export type TNotificationRow = typeof notifications.$inferSelect;
export type TRecipientScope = { users: readonly string[] } | { roles: readonly string[] } | { org: string };

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The users of a scope, as a subquery of `user_id`s. */
function usersOf(scope: TRecipientScope): SQL {
  if ('users' in scope) {
    return scope.users.length === 0
      ? sql`select null::text as user_id where false`
      : sql`select v.user_id from (values ${sql.join(
          scope.users.map((id) => sql`(${id}::text)`),
          sql`, `,
        )}) as v(user_id)`;
  }
  if ('roles' in scope) {
    return sql`select ${userRoles.userId} as user_id from ${userRoles} where ${inArray(userRoles.role, [...scope.roles])}`;
  }
  return sql`select ${orgMemberships.userId} as user_id from ${orgMemberships} where ${orgMemberships.orgId} = ${scope.org}`;
}

/** The ids of a scope's users whose in-app preference for `eventType` is on (no row: on). */
export async function inAppRecipients(db: TExecutor, scope: TRecipientScope, eventType: string): Promise<string[]> {
  const rows = await db.execute(sql`
    select distinct scope.user_id from (${usersOf(scope)}) scope
    left join ${notificationPreferences} pref
      on pref.user_id = scope.user_id and pref.event_type = ${eventType}
    where scope.user_id is not null and coalesce(pref.in_app, true)`);
  return rowsOf<{ user_id: string }>(rows).map((row) => row.user_id);
}

/** The e-mail addresses of a scope's users whose e-mail preference for `eventType` is on. */
export async function emailRecipients(db: TExecutor, scope: TRecipientScope, eventType: string): Promise<string[]> {
  const rows = await db.execute(sql`
    select distinct u.email from (${usersOf(scope)}) scope
    join ${user} u on u.id = scope.user_id
    left join ${notificationPreferences} pref
      on pref.user_id = scope.user_id and pref.event_type = ${eventType}
    where coalesce(pref.email, true)
    order by u.email`);
  return rowsOf<{ email: string }>(rows).map((row) => row.email);
}

export async function insertNotifications(db: TExecutor, rows: (typeof notifications.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(notifications).values(rows);
}

export async function listNotifications(
  db: TExecutor,
  userId: string,
  options: { limit: number; cursor: TCursor | undefined; unread: boolean },
) {
  return db
    .select({ row: notifications, cursorAt: cursorKey(notifications.createdAt) })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        options.unread ? isNull(notifications.readAt) : undefined,
        afterCursor(notifications, options.cursor),
      ),
    )
    .orderBy(...newestFirst(notifications.createdAt, notifications.id))
    .limit(options.limit);
}

export async function countUnread(db: TExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read (another user's is not found: undefined). */
export async function markRead(db: TExecutor, userId: string, id: string, at: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: TExecutor, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function preferencesOf(db: TExecutor, userId: string) {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(
  db: TExecutor,
  userId: string,
  items: readonly { eventType: string; email: boolean; inApp: boolean }[],
) {
  if (items.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(items.map((item) => ({ userId, ...item })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.eventType],
      set: { email: sql`excluded.email`, inApp: sql`excluded.in_app` },
    });
}

/** Retention: read notifications read before `before`, at most `limit` of them; returns how many went. */
export async function deleteReadNotifications(db: TExecutor, before: Date, limit: number): Promise<number> {
  const rows = await db.execute(sql`
    delete from ${notifications} where ${notifications.id} in (
      select ${notifications.id} from ${notifications}
      where ${and(isNotNull(notifications.readAt), lt(notifications.readAt, before))}
      limit ${limit}
    ) returning ${notifications.id}`);
  return rowsOf(rows).length;
}
