import { schema, stampedUpdate, type TExecutor } from '@spacecapture/db/client';
import { and, asc, desc, eq, gte, inArray, isNull, notExists } from 'drizzle-orm';

const { assignments, dispatchCascades, orders, organizations, quotes } = schema;

export type TCascadeRow = typeof dispatchCascades.$inferSelect;

/** Approved orders with no cascade yet and no live offer: where a new cascade starts. */
export async function findOrdersToStart(db: TExecutor, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(dispatchCascades, eq(dispatchCascades.orderId, orders.id))
    .where(
      and(
        eq(orders.status, 'approved'),
        isNull(dispatchCascades.orderId),
        notExists(
          db
            .select({ id: assignments.id })
            .from(assignments)
            .where(and(eq(assignments.orderId, orders.id), inArray(assignments.status, ['offered', 'accepted']))),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

export async function findRunningCascades(db: TExecutor, limit: number) {
  return db
    .select({ orderId: dispatchCascades.orderId })
    .from(dispatchCascades)
    .where(eq(dispatchCascades.status, 'running'))
    .orderBy(asc(dispatchCascades.updatedAt))
    .limit(limit);
}

export async function insertCascade(tx: TExecutor, orderId: string) {
  const [row] = await tx.insert(dispatchCascades).values({ orderId }).onConflictDoNothing().returning();
  return row;
}

export async function lockCascade(tx: TExecutor, orderId: string) {
  const [row] = await tx.select().from(dispatchCascades).where(eq(dispatchCascades.orderId, orderId)).for('update');
  return row;
}

export async function findCascade(db: TExecutor, orderId: string) {
  const [row] = await db.select().from(dispatchCascades).where(eq(dispatchCascades.orderId, orderId));
  return row;
}

export const updateCascade = stampedUpdate(dispatchCascades, dispatchCascades.orderId);

/** Providers this order was ever offered to: a cascade never offers twice to the same one. */
export async function offeredProvidersOf(tx: TExecutor, orderId: string) {
  const rows = await tx
    .select({ providerOrgId: assignments.providerOrgId })
    .from(assignments)
    .where(eq(assignments.orderId, orderId));
  return new Set(rows.map((row) => row.providerOrgId));
}

/** The offers made since the cascade started, oldest first, with the provider's name. */
export async function cascadeStepsOf(db: TExecutor, orderId: string, since: Date) {
  return db
    .select({ assignment: assignments, providerOrg: { id: organizations.id, name: organizations.name } })
    .from(assignments)
    .innerJoin(organizations, eq(organizations.id, assignments.providerOrgId))
    .where(and(eq(assignments.orderId, orderId), gte(assignments.createdAt, since)))
    .orderBy(asc(assignments.createdAt), asc(assignments.id));
}

/** The accepted quote's total: what the cascade's offers pay from (decision 144). */
export async function acceptedQuoteTotal(tx: TExecutor, orderId: string) {
  const [row] = await tx
    .select({ total: quotes.total })
    .from(quotes)
    .where(and(eq(quotes.orderId, orderId), eq(quotes.status, 'accepted')))
    .orderBy(desc(quotes.createdAt))
    .limit(1);
  return row ? Number(row.total) : null;
}
