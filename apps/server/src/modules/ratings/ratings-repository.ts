import { schema, type TExecutor } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';

const { ratings } = schema;

export type TRatingRow = typeof ratings.$inferSelect;

export async function findRatingOf(db: TExecutor, orderId: string) {
  const [row] = await db.select().from(ratings).where(eq(ratings.orderId, orderId));
  return row;
}

/** The new rating, or undefined when the order already has one (one rating per order). */
export async function insertRating(tx: TExecutor, values: typeof ratings.$inferInsert) {
  const [row] = await tx.insert(ratings).values(values).onConflictDoNothing().returning();
  return row;
}
