import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';

const { ledgerEntries, ledgerLines } = schema;

export type TLedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type TLedgerLineRow = typeof ledgerLines.$inferSelect;

/** The entry and its lines, in the caller's transaction; the database checks the balance at commit. */
export async function insertLedgerEntry(
  tx: TExecutor,
  entry: Omit<typeof ledgerEntries.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date },
  lines: readonly Omit<typeof ledgerLines.$inferInsert, 'id' | 'entryId'>[],
) {
  const [row] = await tx.insert(ledgerEntries).values(entry).returning();
  if (!row) throw new Error('The ledger entry was not stored.');
  const lineRows = await tx
    .insert(ledgerLines)
    .values(lines.map((line) => ({ ...line, entryId: row.id })))
    .returning();
  return { entry: row, lines: lineRows };
}

export async function findEntryByKey(db: TExecutor, idempotencyKey: string) {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, idempotencyKey));
  return row;
}

export async function entriesOfOrder(db: TExecutor, orderId: string) {
  return db
    .select({ entry: ledgerEntries, line: ledgerLines })
    .from(ledgerEntries)
    .innerJoin(ledgerLines, eq(ledgerLines.entryId, ledgerEntries.id))
    .where(eq(ledgerEntries.orderId, orderId))
    .orderBy(ledgerEntries.createdAt, ledgerEntries.id, desc(ledgerLines.amountMinor));
}

/** Sums of lines per account and currency: one organisation's, or the platform's own with null. */
export async function balancesOf(db: TExecutor, organizationId: string | null) {
  const owner: SQL =
    organizationId === null ? isNull(ledgerLines.organizationId) : eq(ledgerLines.organizationId, organizationId);
  return db
    .select({
      account: ledgerLines.account,
      currency: ledgerEntries.currency,
      balanceMinor: sql<string>`sum(${ledgerLines.amountMinor})`.mapWith(Number),
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .where(and(owner))
    .groupBy(ledgerLines.account, ledgerEntries.currency)
    .orderBy(ledgerLines.account, ledgerEntries.currency);
}

/**
 * Entries whose lines do not sum to zero, or that have fewer than two lines: always none, as the
 * database refuses them at commit; the test suite asks after every file all the same.
 */
export async function unbalancedEntries(db: TExecutor) {
  const result = (await db.execute(sql`
    select e.id, count(l.id)::int as lines, coalesce(sum(l.amount_minor), 0)::text as total
    from ledger_entries e left join ledger_lines l on l.entry_id = e.id
    group by e.id
    having count(l.id) < 2 or coalesce(sum(l.amount_minor), 0) <> 0`)) as unknown as {
    rows: { id: string; lines: number; total: string }[];
  };
  return result.rows;
}
