import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, eq, gt, isNull, lt, lte, ne, notInArray, sql } from 'drizzle-orm';

const { assignments, orders, providerAvailability } = schema;

/**
 * The provider's other confirmed captures overlapping [start, end): accepted jobs with a window,
 * of orders still open.
 */
export async function findClashingCaptures(
  db: TExecutor,
  input: { providerOrgId: string; exceptAssignmentId: string; start: Date; end: Date },
) {
  return db
    .select({ start: assignments.scheduledStart, end: assignments.scheduledEnd, title: orders.title })
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .where(
      and(
        eq(assignments.providerOrgId, input.providerOrgId),
        eq(assignments.status, 'accepted'),
        ne(assignments.id, input.exceptAssignmentId),
        notInArray(orders.status, ['cancelled', 'completed']),
        lt(assignments.scheduledStart, input.end),
        gt(assignments.scheduledEnd, input.start),
      ),
    )
    .orderBy(asc(assignments.scheduledStart))
    .limit(5);
}

export async function findBlockedDates(db: TExecutor, providerOrgId: string): Promise<string[]> {
  const [row] = await db
    .select({ blockedDates: providerAvailability.blockedDates })
    .from(providerAvailability)
    .where(eq(providerAvailability.orgId, providerOrgId));
  return row?.blockedDates ?? [];
}

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
