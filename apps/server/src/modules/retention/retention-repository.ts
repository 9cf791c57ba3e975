import type { TExecutor } from '@spacecapture/db/client';
import { sql } from 'drizzle-orm';

/**
 * Deletes of rows past their retention, each bounded to `limit` rows so one statement never holds
 * many locks for long; the caller repeats until fewer than `limit` come back. `ctid` picks the
 * batch because idempotency keys have a composite key. The audit log's owner prunes its API-key
 * uses itself (audit-repository); nothing else of it is pruned.
 */

async function deleted(db: TExecutor, statement: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(statement)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** Remembered answers of idempotent requests created before `cutoff`. */
export function deleteIdempotencyKeysBefore(db: TExecutor, cutoff: Date, limit: number) {
  return deleted(
    db,
    sql`delete from idempotency_keys where ctid in (
      select ctid from idempotency_keys where created_at < ${cutoff.toISOString()} limit ${limit}
    ) returning 1`,
  );
}

/**
 * E-mails delivered (status `sent`) before `cutoff`. Kept, pending and failed e-mails stay: they
 * are the only record of mail that never went out. `created_at` (never after `sent_at`) lets the
 * (status, created_at) index narrow the search.
 */
export function deleteSentEmailsBefore(db: TExecutor, cutoff: Date, limit: number) {
  const at = cutoff.toISOString();
  return deleted(
    db,
    sql`delete from outbox_emails where id in (
      select id from outbox_emails
      where status = 'sent' and created_at < ${at} and sent_at < ${at}
      limit ${limit}
    ) returning 1`,
  );
}

/** Sessions that expired before `cutoff` (they no longer sign anyone in). */
export function deleteSessionsExpiredBefore(db: TExecutor, cutoff: Date, limit: number) {
  return deleted(
    db,
    sql`delete from "session" where id in (
      select id from "session" where expires_at < ${cutoff.toISOString()} limit ${limit}
    ) returning 1`,
  );
}
