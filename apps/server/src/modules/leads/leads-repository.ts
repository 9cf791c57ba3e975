import { randomUUID } from 'node:crypto';
import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, eq } from 'drizzle-orm';
import { afterCursor, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { orderLeads, orders } = schema;

export type TLeadRow = typeof orderLeads.$inferSelect;

/**
 * A public request's lead, built whole (id and times from the app's clock, every column as the
 * database would return it), so the form writes it, its audit entry and its e-mails in one
 * statement (runIdempotentWrites).
 */
export function newOrderLead(values: Omit<TLeadRow, 'id' | 'createdAt' | 'updatedAt'>, now: Date): TLeadRow {
  return { id: randomUUID(), ...values, createdAt: now, updatedAt: now };
}

export function orderLeadInsert(db: TExecutor, lead: TLeadRow) {
  return db.insert(orderLeads).values(lead);
}

export async function lockLead(tx: TExecutor, id: string) {
  const [row] = await tx.select().from(orderLeads).where(eq(orderLeads.id, id)).for('update');
  return row;
}

export async function updateLead(tx: TExecutor, id: string, values: Partial<typeof orderLeads.$inferInsert>) {
  const [row] = await tx
    .update(orderLeads)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orderLeads.id, id))
    .returning();
  return row!;
}

/** Newest first, with the order a converted lead became. */
export async function listLeads(
  db: TExecutor,
  options: { limit: number; cursor?: TCursor | undefined; status?: string | undefined },
) {
  return db
    .select({ lead: orderLeads, orderId: orders.id, cursorAt: cursorKey(orderLeads.createdAt) })
    .from(orderLeads)
    .leftJoin(orders, eq(orders.leadId, orderLeads.id))
    .where(
      and(options.status ? eq(orderLeads.status, options.status) : undefined, afterCursor(orderLeads, options.cursor)),
    )
    .orderBy(...newestFirst(orderLeads.createdAt, orderLeads.id))
    .limit(options.limit);
}
