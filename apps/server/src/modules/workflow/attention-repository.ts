import { schema, type TExecutor } from '@spacecapture/db/client';
import type { TWorkflowAttention } from '@spacecapture/shared/contracts/admin-workflow';
import { and, count, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';

const { orderLeads, providerApplications, quotes, assignments, jobEvents, orders } = schema;

/**
 * The admin dashboard's counts of what needs attention. Each is one indexed count (status first),
 * so the dashboard stays cheap however many rows the tables hold.
 */
export async function countAttention(db: TExecutor, now: Date, soonHours: number): Promise<TWorkflowAttention> {
  const soon = new Date(now.getTime() + soonHours * 3_600_000);
  const one = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [newLeads, applicationsToReview, quotesAwaitingCustomer, offersExpiringSoon, schedulesToConfirm] =
    await Promise.all([
      one(db.select({ n: count() }).from(orderLeads).where(eq(orderLeads.status, 'new'))),
      one(
        db
          .select({ n: count() })
          .from(providerApplications)
          .where(inArray(providerApplications.status, ['new', 'reviewing', 'interview'])),
      ),
      one(
        db
          .select({ n: count() })
          .from(quotes)
          .where(and(eq(quotes.status, 'sent'), or(isNull(quotes.validityUntil), gt(quotes.validityUntil, now)))),
      ),
      one(
        db
          .select({ n: count() })
          .from(assignments)
          .where(
            and(eq(assignments.status, 'offered'), gt(assignments.respondBy, now), lte(assignments.respondBy, soon)),
          ),
      ),
      one(
        db
          .select({ n: count() })
          .from(assignments)
          .innerJoin(orders, eq(orders.id, assignments.orderId))
          .where(
            and(
              eq(assignments.status, 'accepted'),
              eq(orders.status, 'assigned'),
              sql`exists (select 1 from ${jobEvents} where ${jobEvents.orderId} = ${assignments.orderId}
                and ${jobEvents.type} = 'deadline' and ${jobEvents.metadata}->>'assignmentId' = ${assignments.id}::text)`,
            ),
          ),
      ),
    ]);
  return { newLeads, applicationsToReview, quotesAwaitingCustomer, offersExpiringSoon, schedulesToConfirm };
}
