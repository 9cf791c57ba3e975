import { randomUUID } from 'node:crypto';
import { afterCommit } from '@spacecapture/db/after-commit';
import { insertRows, schema, type TExecutor } from '@spacecapture/db/client';
import { dueBy } from '@spacecapture/db/due';
import type { TEmailAttachment } from '@spacecapture/db/schema';
import { and, asc, count, eq, inArray, min, sql } from 'drizzle-orm';

const { outboxEmails } = schema;

export type TOutgoingEmail = {
  to: readonly string[];
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
  /** Files sent with it (an invoice's PDF); kept in the row until it is sent, never logged. */
  attachments?: readonly TEmailAttachment[];
};

export type TOutboxRow = typeof outboxEmails.$inferSelect;

/** Told after a commit that queued e-mails: the outbox worker then sends them within a moment. */
export const EMAILS_QUEUED = 'outbox:emails-queued';

/**
 * Queues e-mails inside the caller's transaction: they exist exactly when the business row does,
 * and the outbox worker is told once that transaction commits.
 */
export async function enqueueEmails(tx: TExecutor, emails: readonly TOutgoingEmail[]) {
  if (emails.length === 0) return;
  await outboxInsert(tx, emails);
  afterCommit(tx, EMAILS_QUEUED);
}

/** The rows of queued e-mails. */
function outboxRows(emails: readonly TOutgoingEmail[]): (typeof outboxEmails.$inferInsert)[] {
  return emails.map((email) => ({
    to: [...email.to],
    replyTo: email.replyTo ?? null,
    subject: email.subject,
    html: email.html,
    text: email.text,
    attachments: email.attachments?.length ? [...email.attachments] : null,
  }));
}

/**
 * The insert of queued e-mails, not yet run, for a grouped write of several tables (the public
 * forms); the caller raises `afterCommit(executor, EMAILS_QUEUED)` once it is written.
 */
export function outboxEmailRows(emails: readonly TOutgoingEmail[]) {
  return insertRows(outboxEmails, outboxRows(emails));
}

/**
 * The insert of queued e-mails (at least one), not yet run: for a caller that writes it with
 * others, and then calls `afterCommit(executor, EMAILS_QUEUED)` itself.
 */
export function outboxInsert(db: TExecutor, emails: readonly TOutgoingEmail[]) {
  return db.insert(outboxEmails).values(outboxRows(emails));
}

/** Pending e-mails whose next attempt is due at `now`: what both the claim and the keeper take. */
const isDue = (now: Date) => and(eq(outboxEmails.status, 'pending'), dueBy(outboxEmails.nextAttemptAt, now));

/** One worker's hold on a batch of e-mails: the token it wrote on them when it claimed them. */
export type TOutboxClaim = { token: string; emails: TOutboxRow[] };

/**
 * Claims due e-mails for one delivery attempt. The hold (next_attempt_at pushed forward) keeps
 * other instances off them; if this process dies mid-send they become due again after it. The
 * claim token says whose hold it is: every later write checks it, so a worker whose hold expired
 * and was taken over writes nothing.
 */
export async function claimDueEmails(db: TExecutor, now: Date, limit: number, holdMs: number): Promise<TOutboxClaim> {
  const token = randomUUID();
  const due = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(isDue(now))
    .orderBy(asc(outboxEmails.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const emails = await db
    .update(outboxEmails)
    .set({
      attempts: sql`${outboxEmails.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + holdMs),
      claimToken: token,
    })
    .where(inArray(outboxEmails.id, due))
    .returning();
  return { token, emails };
}

function heldBy(token: string, ids: readonly string[]) {
  return and(
    inArray(outboxEmails.id, [...ids]),
    eq(outboxEmails.claimToken, token),
    eq(outboxEmails.status, 'pending'),
  );
}

/** Pushes the hold of e-mails still held under `token` to `until`; returns the ids still held. */
export async function extendClaim(
  db: TExecutor,
  token: string,
  ids: readonly string[],
  until: Date,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .update(outboxEmails)
    .set({ nextAttemptAt: until })
    .where(heldBy(token, ids))
    .returning({ id: outboxEmails.id });
  return new Set(rows.map((row) => row.id));
}

/**
 * Hands e-mails back unsent (a stopping worker): due at once for any instance, and the attempt
 * counted by the claim is taken back since no attempt was made.
 */
export async function releaseClaim(db: TExecutor, token: string, ids: readonly string[], now: Date) {
  if (ids.length === 0) return;
  await db
    .update(outboxEmails)
    .set({ nextAttemptAt: now, claimToken: null, attempts: sql`greatest(${outboxEmails.attempts} - 1, 0)` })
    .where(heldBy(token, ids));
}

/** Records the send if the e-mail is still held under `token`; false when the hold was lost. */
export async function markEmailSent(db: TExecutor, token: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: now, lastError: null, claimToken: null })
    .where(heldBy(token, [id]))
    .returning({ id: outboxEmails.id });
  return rows.length > 0;
}

/** Due e-mails, oldest first, for the worker without a mail server (it takes no hold: see keepBatch). */
export async function readDueEmails(db: TExecutor, now: Date, limit: number): Promise<TOutboxRow[]> {
  return db.select().from(outboxEmails).where(isDue(now)).orderBy(asc(outboxEmails.nextAttemptAt)).limit(limit);
}

/**
 * Without a mail server e-mails stay readable here (and as files, decision 090), marked as not
 * delivered: the batch in one statement, where claim-then-mark per e-mail cost a commit each (on
 * the embedded database every commit waits for the disk, decision 095).
 */
export async function markEmailsKept(db: TExecutor, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .update(outboxEmails)
    .set({ status: 'kept', attempts: sql`${outboxEmails.attempts} + 1`, claimToken: null })
    .where(and(inArray(outboxEmails.id, [...ids]), eq(outboxEmails.status, 'pending')));
}

export async function markEmailFailedAttempt(
  db: TExecutor,
  token: string,
  id: string,
  error: string,
  retryAt: Date | null,
) {
  await db
    .update(outboxEmails)
    .set(
      retryAt
        ? { lastError: error.slice(0, 1000), nextAttemptAt: retryAt, claimToken: null }
        : { lastError: error.slice(0, 1000), status: 'failed', claimToken: null },
    )
    .where(heldBy(token, [id]));
}

/**
 * How many e-mails wait to be sent and when the oldest of them was queued: one read of the
 * (status, created_at) index, cheap enough for every metrics scrape.
 */
export async function readPendingBacklog(db: TExecutor): Promise<{ pending: number; oldestCreatedAt: Date | null }> {
  const [row] = await db
    .select({ pending: count(), oldestCreatedAt: min(outboxEmails.createdAt) })
    .from(outboxEmails)
    .where(eq(outboxEmails.status, 'pending'));
  return { pending: row?.pending ?? 0, oldestCreatedAt: row?.oldestCreatedAt ?? null };
}

/**
 * E-mails delivered (status `sent`) before `cutoff`, at most `limit` a statement, for the
 * retention worker (decision 081). Kept, pending and failed e-mails stay: they are the only
 * record of mail that never went out. `created_at` (never after `sent_at`) lets the
 * (status, created_at) index narrow the search.
 */
export async function deleteSentEmailsBefore(db: TExecutor, cutoff: Date, limit: number) {
  const at = cutoff.toISOString();
  const result = (await db.execute(sql`delete from outbox_emails where id in (
      select id from outbox_emails
      where status = 'sent' and created_at < ${at} and sent_at < ${at}
      limit ${limit}
    ) returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
