import { schema, type TDatabase } from '@spacecapture/db/client';
import { listenToChannel, type TListenerLog } from '@spacecapture/db/listener';
import { inArray } from 'drizzle-orm';

/**
 * The database announces every session row it deletes on this channel, with the session's id
 * (migration 0020, decision 176): sign-out, revoked sessions, the sessions a password change or
 * reset replaces, a removed user's, and expired ones the retention pass deletes. Every instance
 * hears it, whichever one ended the session.
 */
const SESSIONS_ENDED_CHANNEL = 'sessions_ended';

/**
 * Calls `onEnded` with the id of each session that ends. `onResumed` is called after the
 * listening connection was lost and came back (PostgreSQL): what ended meanwhile was not heard,
 * so the caller checks its sessions again (`liveSessionIds`).
 */
export function listenToSessionEnds(
  db: TDatabase,
  onEnded: (sessionId: string) => void,
  options: { onResumed: () => void; log: TListenerLog },
) {
  return listenToChannel(db, SESSIONS_ENDED_CHANNEL, onEnded, options);
}

/** Which of `sessionIds` still exist and have not expired. */
export async function liveSessionIds(db: TDatabase, sessionIds: readonly string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: schema.session.id, expiresAt: schema.session.expiresAt })
    .from(schema.session)
    .where(inArray(schema.session.id, [...sessionIds]));
  return new Set(rows.filter((row) => row.expiresAt > now).map((row) => row.id));
}
