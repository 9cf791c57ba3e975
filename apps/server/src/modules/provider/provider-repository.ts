import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

const { assignments, orders, organizations, quotes, ratings } = schema;

/**
 * The provider portal's SQL. Every query of a provider's own data takes the caller's organisation
 * and filters by it, so another organisation's row is simply not found.
 */

const assignmentWithOrder = {
  assignment: assignments,
  order: orders,
  customerOrg: { id: organizations.id, name: organizations.name },
};
export type TProviderAssignmentRow = {
  assignment: typeof assignments.$inferSelect;
  order: typeof orders.$inferSelect;
  customerOrg: { id: string; name: string };
};

/** Offered and accepted jobs of one provider organisation, newest first. */
export async function listOrgAssignments(
  db: TExecutor,
  orgId: string,
  statuses: readonly string[],
  limit: number,
): Promise<TProviderAssignmentRow[]> {
  return db
    .select(assignmentWithOrder)
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(and(eq(assignments.providerOrgId, orgId), inArray(assignments.status, [...statuses])))
    .orderBy(desc(assignments.createdAt), desc(assignments.id))
    .limit(limit);
}

export async function findOrgAssignment(
  db: TExecutor,
  orgId: string,
  id: string,
): Promise<TProviderAssignmentRow | undefined> {
  const [row] = await db
    .select(assignmentWithOrder)
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(and(eq(assignments.providerOrgId, orgId), eq(assignments.id, id)));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Performance

const DONE = sql`('completed', 'delivered')`;
const ACTIVE = sql`('assigned', 'scheduled', 'captured', 'changes_requested')`;

/**
 * Figures of one provider organisation's accepted jobs. Earnings: each completed or delivered
 * job's compensation, or the order's accepted quote total when compensation is not set, summed per
 * the orders' currency.
 */
export async function performanceOf(db: TExecutor, orgId: string) {
  const [counts] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${orders.status} in ${DONE})`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${orders.status} in ${ACTIVE})`.mapWith(Number),
    })
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .where(and(eq(assignments.providerOrgId, orgId), eq(assignments.status, 'accepted')));
  // Per currency (each job is paid in its order's), never summed across them (decision 203).
  const earnings = await db
    .select({
      currency: orders.currency,
      total: sql<string>`sum(coalesce(${assignments.compensation}, (
        select max(${quotes.total}) from ${quotes}
        where ${quotes.orderId} = ${orders.id} and ${quotes.status} = 'accepted'
      )))`.mapWith(Number),
    })
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .where(
      and(eq(assignments.providerOrgId, orgId), eq(assignments.status, 'accepted'), sql`${orders.status} in ${DONE}`),
    )
    .groupBy(orders.currency)
    .orderBy(orders.currency);
  const [rating] = await db
    .select({
      average: sql<string | null>`avg(${ratings.score})`,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ratings)
    .where(eq(ratings.providerOrgId, orgId));
  const month = sql<string>`to_char(coalesce(${assignments.respondedAt}, ${assignments.createdAt}) at time zone 'UTC', 'YYYY-MM')`;
  const months = await db
    .select({ month, jobs: sql<number>`count(*)`.mapWith(Number) })
    .from(assignments)
    .where(and(eq(assignments.providerOrgId, orgId), eq(assignments.status, 'accepted')))
    .groupBy(month)
    .orderBy(desc(month))
    .limit(12);
  return {
    completed: counts?.completed ?? 0,
    active: counts?.active ?? 0,
    earnings: earnings.map((row) => ({ currency: row.currency, total: row.total ?? 0 })),
    averageRating: rating?.average == null ? null : Number(rating.average),
    ratingCount: rating?.count ?? 0,
    months: months.reverse(),
  };
}
