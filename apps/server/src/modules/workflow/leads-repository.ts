import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, eq } from 'drizzle-orm';
import { afterCursor, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { orderLeads, orders } = schema;

export type TLeadRow = typeof orderLeads.$inferSelect;

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
