import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { containsPattern, type TCursor } from '../../lib/pagination.ts';

const { orders, organizations, jobEvents, quotes, assignments, deliverables, ratings, user } = schema;

/**
 * The admin orders list and an order's history. Every page is a keyset page (created_at, id)
 * newest first, served by an index in (created_at desc, id desc) order, so its cost does not grow
 * with the table:
 *  - no filter: orders_created_idx;
 *  - status filter: one branch per status on orders_status_created_idx, merged (MERGE APPEND);
 *  - search: the title/location branch is either a walk of that same index (common words) or a
 *    trigram bitmap (rare words), as the planner estimates; the customer-name branch reads
 *    orders_customer_created_idx per matching organisation.
 * Each branch stops after limit + 1 rows; the union keeps the newest limit + 1.
 */

/** Organisations named in a search beyond this many are matched by a join instead of one branch each. */
const ORG_BRANCHES_MAX = 10;

export type TOrderPageKey = { id: string; cursorAt: string };

export type TOrderPageOptions = {
  limit: number;
  cursor?: TCursor | undefined;
  q?: string | undefined;
  statuses?: readonly string[] | undefined;
  customerOrgId?: string | undefined;
};

export async function listOrderPage(db: TExecutor, options: TOrderPageOptions): Promise<TOrderPageKey[]> {
  const result = (await db.execute(await orderPageQuery(db, options))) as unknown as {
    rows: { id: string; cursor_at: string }[];
  };
  return result.rows.map((row) => ({ id: String(row.id), cursorAt: String(row.cursor_at) }));
}

/** The statement of one page (its own function, so a bench can EXPLAIN it). */
export async function orderPageQuery(db: TExecutor, options: TOrderPageOptions): Promise<SQL> {
  const keyset = options.cursor
    ? sql`(o.created_at, o.id) < (${options.cursor.at}::timestamptz, ${options.cursor.id}::uuid)`
    : undefined;
  const byCustomer = options.customerOrgId ? sql`o.customer_org_id = ${options.customerOrgId}::uuid` : undefined;
  const statusSets: (SQL | undefined)[] = options.statuses?.length
    ? options.statuses.map((status) => sql`o.status = ${status}`)
    : [undefined];

  let matches: (SQL | undefined)[] = [undefined];
  if (options.q) {
    const pattern = containsPattern(options.q);
    matches = [sql`(o.title ilike ${pattern} or o.location ilike ${pattern})`];
    const orgs = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.type, 'customer'), sql`${organizations.name} ilike ${pattern}`))
      .limit(ORG_BRANCHES_MAX + 1);
    if (orgs.length > ORG_BRANCHES_MAX) {
      matches.push(
        sql`o.customer_org_id in (select id from organizations where type = 'customer' and name ilike ${pattern})`,
      );
    } else {
      for (const org of orgs) matches.push(sql`o.customer_org_id = ${org.id}::uuid`);
    }
  }

  const branches: SQL[] = [];
  for (const status of statusSets) {
    for (const match of matches) {
      const conditions = [status, match, byCustomer, keyset].filter((part): part is SQL => part !== undefined);
      const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
      branches.push(
        sql`(select o.id, o.created_at, o.created_at::text as cursor_at from orders o ${where} order by o.created_at desc nulls last, o.id desc nulls last limit ${options.limit})`,
      );
    }
  }
  // UNION (not ALL): an order can match both the text and its customer's name.
  return sql`select id, cursor_at from (${sql.join(branches, sql` union `)}) page order by created_at desc nulls last, id desc nulls last limit ${options.limit}`;
}

/** The page's orders with their customer organisation, in the page's order. */
export async function ordersByIds(db: TExecutor, keys: readonly TOrderPageKey[]) {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ order: orders, customerOrg: { id: organizations.id, name: organizations.name } })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(
      inArray(
        orders.id,
        keys.map((key) => key.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.order.id, row]));
  return keys.flatMap((key) => {
    const row = byId.get(key.id);
    return row ? [{ ...row, cursorAt: key.cursorAt }] : [];
  });
}

export async function findOrderWithCustomer(db: TExecutor, id: string) {
  const [row] = await db
    .select({ order: orders, customerOrg: { id: organizations.id, name: organizations.name } })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(eq(orders.id, id));
  return row;
}

/** An order's history is small, but bounded all the same. */
const HISTORY_MAX = 500;

export async function orderHistory(db: TExecutor, orderId: string) {
  const events = await db
    .select({ event: jobEvents, actorEmail: user.email, actorName: user.name })
    .from(jobEvents)
    .leftJoin(user, eq(user.id, jobEvents.actorUserId))
    .where(eq(jobEvents.orderId, orderId))
    .orderBy(desc(jobEvents.createdAt), desc(jobEvents.id))
    .limit(HISTORY_MAX);
  const quoteRows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.orderId, orderId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(HISTORY_MAX);
  const assignmentRows = await db
    .select({ assignment: assignments, providerOrg: { id: organizations.id, name: organizations.name } })
    .from(assignments)
    .innerJoin(organizations, eq(organizations.id, assignments.providerOrgId))
    .where(eq(assignments.orderId, orderId))
    .orderBy(desc(assignments.createdAt), desc(assignments.id))
    .limit(HISTORY_MAX);
  const deliverableRows = await db
    .select({ deliverable: deliverables, uploaderEmail: user.email, uploaderName: user.name })
    .from(deliverables)
    .leftJoin(user, eq(user.id, deliverables.uploadedBy))
    .where(eq(deliverables.orderId, orderId))
    .orderBy(desc(deliverables.createdAt), desc(deliverables.id))
    .limit(HISTORY_MAX);
  const ratingRows = await db
    .select({ rating: ratings, providerOrg: { id: organizations.id, name: organizations.name } })
    .from(ratings)
    .innerJoin(organizations, eq(organizations.id, ratings.providerOrgId))
    .where(eq(ratings.orderId, orderId))
    .orderBy(desc(ratings.createdAt), desc(ratings.id));
  return { events, quoteRows, assignmentRows, deliverableRows, ratingRows };
}
