import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';

const { outboxEmails } = schema;

export type TOutgoingEmail = {
  to: readonly string[];
  replyTo?: string | null;
  subject: string;
  html: string;
  text: string;
};

export type TOutboxRow = typeof outboxEmails.$inferSelect;

/** Queues e-mails inside the caller's transaction: they exist exactly when the business row does. */
export async function enqueueEmails(tx: TExecutor, emails: readonly TOutgoingEmail[]) {
  if (emails.length === 0) return;
  await tx.insert(outboxEmails).values(
    emails.map((email) => ({
      to: [...email.to],
      replyTo: email.replyTo ?? null,
      subject: email.subject,
      html: email.html,
      text: email.text,
    })),
  );
}

/**
 * Claims due e-mails for one delivery attempt. The lease (next_attempt_at pushed forward) keeps
 * other instances off them; if this process dies mid-send they become due again after it.
 */
export async function claimDueEmails(db: TExecutor, now: Date, limit: number, leaseMs: number): Promise<TOutboxRow[]> {
  const due = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.nextAttemptAt, now)))
    .orderBy(asc(outboxEmails.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(outboxEmails.id, due))
    .returning();
}

export async function markEmailSent(db: TExecutor, id: string, now: Date) {
  await db.update(outboxEmails).set({ status: 'sent', sentAt: now, lastError: null }).where(eq(outboxEmails.id, id));
}

/** Without a mail transport e-mails stay readable here and in the log, marked as not delivered. */
export async function markEmailsKept(db: TExecutor, ids: readonly string[]) {
  await db
    .update(outboxEmails)
    .set({ status: 'kept' })
    .where(inArray(outboxEmails.id, [...ids]));
}

export async function markEmailFailedAttempt(db: TExecutor, id: string, error: string, retryAt: Date | null) {
  await db
    .update(outboxEmails)
    .set(
      retryAt
        ? { lastError: error.slice(0, 1000), nextAttemptAt: retryAt }
        : { lastError: error.slice(0, 1000), status: 'failed' },
    )
    .where(eq(outboxEmails.id, id));
}
