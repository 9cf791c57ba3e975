import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';

const { assignments } = schema;

/**
 * Claims up to `limit` confirmed captures starting within `horizon` of `now` whose reminder is not
 * sent yet, marking them sent in the same statement: the first instance to claim one sends it, the
 * others see it claimed (decision 147). Rows locked by a change in progress are skipped.
 */
export async function claimDueReminders(tx: TExecutor, now: Date, horizon: Date, limit: number) {
  const due = tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.status, 'accepted'),
        isNull(assignments.reminderSentAt),
        gt(assignments.scheduledStart, now),
        lte(assignments.scheduledStart, horizon),
      ),
    )
    .orderBy(asc(assignments.scheduledStart))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx.update(assignments).set({ reminderSentAt: now }).where(sql`${assignments.id} in ${due}`).returning();
}
