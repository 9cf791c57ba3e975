import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterCursor, containsPattern, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { outboxEmails } = schema;

/** The list's columns: everything but the bodies. */
const summary = {
  id: outboxEmails.id,
  to: outboxEmails.to,
  subject: outboxEmails.subject,
  status: outboxEmails.status,
  attempts: outboxEmails.attempts,
  lastError: outboxEmails.lastError,
  nextAttemptAt: outboxEmails.nextAttemptAt,
  createdAt: outboxEmails.createdAt,
  sentAt: outboxEmails.sentAt,
};

/** Outbox e-mails newest first (keyset on created_at, id; by status on outbox_emails_status_created_idx). */
export async function listOutboxPage(
  db: TExecutor,
  options: {
    limit: number;
    cursor?: TCursor | undefined;
    statuses?: readonly string[] | undefined;
    q?: string | undefined;
  },
) {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  return db
    .select({ ...summary, cursorAt: cursorKey(outboxEmails.createdAt) })
    .from(outboxEmails)
    .where(
      and(
        options.statuses?.length === 1 ? eq(outboxEmails.status, options.statuses[0]!) : undefined,
        options.statuses && options.statuses.length > 1
          ? inArray(outboxEmails.status, [...options.statuses])
          : undefined,
        pattern
          ? or(
              sql`${outboxEmails.subject} ilike ${pattern}`,
              sql`array_to_string(${outboxEmails.to}, ' ') ilike ${pattern}`,
            )
          : undefined,
        afterCursor(outboxEmails, options.cursor),
      ),
    )
    .orderBy(...newestFirst(outboxEmails.createdAt, outboxEmails.id))
    .limit(options.limit);
}

export async function findOutboxEmail(db: TExecutor, id: string) {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}
