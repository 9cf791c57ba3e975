import { schema, stampedUpdate, type TExecutor } from '@spacecapture/db/client';
import { and, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import { afterCursor, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { quotes, orders, organizations } = schema;

export type TQuoteRow = typeof quotes.$inferSelect;

const withOrder = {
  quote: quotes,
  order: { id: orders.id, title: orders.title, status: orders.status },
  customerOrg: { id: organizations.id, name: organizations.name },
};

export async function insertQuote(tx: TExecutor, values: typeof quotes.$inferInsert) {
  const [row] = await tx.insert(quotes).values(values).returning();
  return row!;
}

export async function findQuote(db: TExecutor, id: string) {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

export async function lockQuote(tx: TExecutor, id: string) {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row;
}

export const updateQuote = stampedUpdate(quotes, quotes.id);

export async function findQuoteWithOrder(db: TExecutor, id: string) {
  const [row] = await db
    .select(withOrder)
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.orderId))
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(eq(quotes.id, id));
  return row;
}

export type TQuoteWithOrder = NonNullable<Awaited<ReturnType<typeof findQuoteWithOrder>>>;

export async function listQuotes(
  db: TExecutor,
  options: {
    limit: number;
    cursor?: TCursor | undefined;
    status?: string | undefined;
    orderId?: string | undefined;
    customerOrgId?: string | undefined;
    now: Date;
  },
) {
  return db
    .select({ ...withOrder, cursorAt: cursorKey(quotes.createdAt) })
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.orderId))
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(
      and(
        options.status ? effectiveStatusIs(options.status, options.now) : undefined,
        options.orderId ? eq(quotes.orderId, options.orderId) : undefined,
        options.customerOrgId ? eq(orders.customerOrgId, options.customerOrgId) : undefined,
        afterCursor(quotes, options.cursor),
      ),
    )
    .orderBy(...newestFirst(quotes.createdAt, quotes.id))
    .limit(options.limit);
}

/** The status filter as readers see it: a sent quote past its validity counts as expired. */
function effectiveStatusIs(status: string, now: Date): SQL | undefined {
  const pastValidity = lte(quotes.validityUntil, now);
  if (status === 'sent')
    return and(eq(quotes.status, 'sent'), or(isNull(quotes.validityUntil), gt(quotes.validityUntil, now)));
  if (status === 'expired') return or(eq(quotes.status, 'expired'), and(eq(quotes.status, 'sent'), pastValidity));
  return eq(quotes.status, status);
}

/** Whether the customer accepted a quote for the order (an offer that falls through returns it to approved). */
export async function hasAcceptedQuote(db: TExecutor, orderId: string) {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.orderId, orderId), eq(quotes.status, 'accepted')))
    .limit(1);
  return Boolean(row);
}

/** The order's accepted quote, the latest if there were several: what its invoices are made from. */
export async function findAcceptedQuoteOfOrder(db: TExecutor, orderId: string) {
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.orderId, orderId), eq(quotes.status, 'accepted')))
    .orderBy(desc(quotes.respondedAt))
    .limit(1);
  return row;
}

/**
 * A sent quote still in its validity on one of a customer organisation's orders, the newest: what
 * an invitation into that organisation tells the invitee is waiting for them (decision 199).
 */
export async function findWaitingQuoteOfCustomer(db: TExecutor, customerOrgId: string, now: Date) {
  const [row] = await listQuotes(db, { limit: 1, status: 'sent', customerOrgId, now });
  return row ? { quoteId: row.quote.id, orderTitle: row.order.title } : null;
}
