import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, eq, sql } from 'drizzle-orm';

const { priceBookEntries } = schema;

export type TPriceBookRow = typeof priceBookEntries.$inferSelect;

export async function listPriceBook(db: TExecutor) {
  return db
    .select()
    .from(priceBookEntries)
    .orderBy(asc(priceBookEntries.captureType), asc(priceBookEntries.spaceSize), asc(priceBookEntries.currency));
}

/** The whole book locked for its replacement, so two saves apply one after the other. */
export async function lockPriceBook(tx: TExecutor) {
  await tx.execute(sql`lock table ${priceBookEntries} in share row exclusive mode`);
  return listPriceBook(tx);
}

/** Replaces every entry by `rows`. */
export async function replacePriceBook(tx: TExecutor, rows: (typeof priceBookEntries.$inferInsert)[]) {
  await tx.delete(priceBookEntries);
  if (rows.length === 0) return [];
  await tx.insert(priceBookEntries).values(rows);
  return listPriceBook(tx);
}

export async function findPriceBookEntry(
  db: TExecutor,
  key: { captureType: string; spaceSize: string; currency: string },
) {
  const [row] = await db
    .select()
    .from(priceBookEntries)
    .where(
      and(
        eq(priceBookEntries.captureType, key.captureType),
        eq(priceBookEntries.spaceSize, key.spaceSize),
        eq(priceBookEntries.currency, key.currency),
      ),
    );
  return row;
}
