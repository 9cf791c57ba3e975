import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, desc, eq, exists, gt, ilike, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, cursorKey, type TCursor } from '../../lib/pagination.ts';

const { orders, quotes, deliverables, jobEvents, organizations, assignments } = schema;

/**
 * The customer portal's SQL. Every read takes the caller's organisation and filters by it, so
 * another organisation's row is simply not found.
 */

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** An order whose provider proposed capture windows and waits for the customer to pick one. */
const awaitingWindowPick = (orderId: typeof orders.id) =>
  exists(
    sql`(select 1 from ${assignments} where ${assignments.orderId} = ${orderId} and ${assignments.status} = 'accepted' and ${assignments.scheduleStatus} = 'proposed')`,
  );

export async function listOrgOrders(
  db: TExecutor,
  options: {
    orgId: string;
    limit: number;
    cursor?: TCursor | undefined;
    q?: string | undefined;
    statuses?: string[];
    /** Only the orders waiting for the customer to pick a capture window. */
    awaitingWindowPick?: boolean;
  },
) {
  const pattern = options.q ? `%${escapeLike(options.q)}%` : undefined;
  return db
    .select({ order: orders, cursorAt: cursorKey(orders.createdAt) })
    .from(orders)
    .where(
      and(
        eq(orders.customerOrgId, options.orgId),
        pattern ? (or(ilike(orders.title, pattern), ilike(orders.location, pattern)) as SQL) : undefined,
        options.statuses ? inArray(orders.status, options.statuses) : undefined,
        options.awaitingWindowPick ? awaitingWindowPick(orders.id) : undefined,
        afterCursor(orders, options.cursor),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(options.limit);
}

/** How many windows each order's provider proposed for the customer to pick (absent: none waiting). */
export async function windowsToPickOf(db: TExecutor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ orderId: assignments.orderId, windows: assignments.proposedWindows })
    .from(assignments)
    .where(
      and(
        inArray(assignments.orderId, [...orderIds]),
        eq(assignments.status, 'accepted'),
        eq(assignments.scheduleStatus, 'proposed'),
      ),
    );
  return new Map(rows.map((row) => [row.orderId, row.windows.length]));
}

export async function jobEventsOfOrders(db: TExecutor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(jobEvents)
    .where(inArray(jobEvents.orderId, [...orderIds]))
    .orderBy(asc(jobEvents.createdAt));
}

/** The status filter as the customer sees it: a sent quote past its validity counts as expired. */
function quoteStatusIs(status: string, now: Date): SQL | undefined {
  if (status === 'sent') {
    return and(eq(quotes.status, 'sent'), or(isNull(quotes.validityUntil), gt(quotes.validityUntil, now)));
  }
  if (status === 'expired') {
    return or(eq(quotes.status, 'expired'), and(eq(quotes.status, 'sent'), lte(quotes.validityUntil, now)));
  }
  return eq(quotes.status, status);
}

/** Quotes the customer may see: every one except drafts. */
export async function listOrgQuotes(
  db: TExecutor,
  options: {
    orgId: string;
    limit: number;
    cursor?: TCursor | undefined;
    orderId?: string;
    status?: { is: string; now: Date };
  },
) {
  return db
    .select({ quote: quotes, order: orders, cursorAt: cursorKey(quotes.createdAt) })
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.orderId))
    .where(
      and(
        eq(orders.customerOrgId, options.orgId),
        ne(quotes.status, 'draft'),
        options.orderId ? eq(quotes.orderId, options.orderId) : undefined,
        options.status ? quoteStatusIs(options.status.is, options.status.now) : undefined,
        afterCursor(quotes, options.cursor),
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(options.limit);
}

export async function findOrgQuote(db: TExecutor, orgId: string, id: string) {
  const [row] = await db
    .select({ quote: quotes, order: orders, org: organizations })
    .from(quotes)
    .innerJoin(orders, eq(orders.id, quotes.orderId))
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(and(eq(quotes.id, id), eq(orders.customerOrgId, orgId), ne(quotes.status, 'draft')));
  return row;
}

/** Orders of the organisation that have files, newest first. */
export async function listOrgDeliverables(db: TExecutor, orgId: string) {
  return db
    .select({ deliverable: deliverables, order: orders })
    .from(deliverables)
    .innerJoin(orders, eq(orders.id, deliverables.orderId))
    .where(eq(orders.customerOrgId, orgId))
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(deliverables.deliveredAt), asc(deliverables.id))
    .limit(1000);
}

export async function findOrgDeliverable(db: TExecutor, orgId: string, id: string) {
  const [row] = await db
    .select({ deliverable: deliverables })
    .from(deliverables)
    .innerJoin(orders, eq(orders.id, deliverables.orderId))
    .where(and(eq(deliverables.id, id), eq(orders.customerOrgId, orgId)));
  return row?.deliverable;
}

/** A file of an order the provider organisation holds the accepted assignment of. */
export async function findProviderDeliverable(db: TExecutor, providerOrgId: string, id: string) {
  const [row] = await db
    .select({ deliverable: deliverables })
    .from(deliverables)
    .innerJoin(
      assignments,
      and(
        eq(assignments.orderId, deliverables.orderId),
        eq(assignments.providerOrgId, providerOrgId),
        eq(assignments.status, 'accepted'),
      ),
    )
    .where(eq(deliverables.id, id));
  return row?.deliverable;
}
