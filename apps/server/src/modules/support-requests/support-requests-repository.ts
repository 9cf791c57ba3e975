import { schema, stampedUpdate, type TExecutor } from '@spacecapture/db/client';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterCursor, containsPattern, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { supportRequests, supportRequestReplies, organizations, orders, user } = schema;

export type TSupportRequestRow = typeof supportRequests.$inferSelect;
export type TSupportReplyRow = typeof supportRequestReplies.$inferSelect;

const requester = alias(user, 'requester');
const assignee = alias(user, 'assignee');

/** A request with the names around it: organisation, requester, assignee, order, replies so far. */
const withNames = {
  request: supportRequests,
  organization: { id: organizations.id, name: organizations.name },
  requester: { email: requester.email, name: requester.name },
  assignee: { email: assignee.email, name: assignee.name },
  order: { id: orders.id, title: orders.title },
  replyCount: sql<number>`(select count(*)::int from ${supportRequestReplies} where ${supportRequestReplies.requestId} = ${supportRequests.id})`,
};

function selectWithNames(db: TExecutor) {
  return db
    .select({ ...withNames, cursorAt: cursorKey(supportRequests.createdAt) })
    .from(supportRequests)
    .leftJoin(organizations, eq(organizations.id, supportRequests.orgId))
    .leftJoin(requester, eq(requester.id, supportRequests.userId))
    .leftJoin(assignee, eq(assignee.id, supportRequests.assigneeUserId))
    .leftJoin(orders, eq(orders.id, supportRequests.orderId));
}

export type TSupportRequestWithNames = NonNullable<Awaited<ReturnType<typeof findSupportRequestWithNames>>>;

export async function insertSupportRequest(tx: TExecutor, values: typeof supportRequests.$inferInsert) {
  const [row] = await tx.insert(supportRequests).values(values).returning();
  if (!row) throw new Error('support request insert returned nothing');
  return row;
}

export const updateSupportRequest = stampedUpdate(supportRequests, supportRequests.id);

export async function lockSupportRequest(tx: TExecutor, id: string) {
  const [row] = await tx.select().from(supportRequests).where(eq(supportRequests.id, id)).for('update');
  return row;
}

export async function insertSupportReply(tx: TExecutor, values: typeof supportRequestReplies.$inferInsert) {
  const [row] = await tx.insert(supportRequestReplies).values(values).returning();
  if (!row) throw new Error('support reply insert returned nothing');
  return row;
}

export async function findSupportRequestWithNames(db: TExecutor, id: string) {
  const [row] = await selectWithNames(db).where(eq(supportRequests.id, id));
  return row;
}

/** The replies of the requests, oldest first, with each author's name. */
export async function listRepliesOf(db: TExecutor, requestIds: readonly string[]) {
  if (requestIds.length === 0) return [];
  return db
    .select({ reply: supportRequestReplies, authorEmail: user.email, authorName: user.name })
    .from(supportRequestReplies)
    .leftJoin(user, eq(user.id, supportRequestReplies.authorUserId))
    .where(inArray(supportRequestReplies.requestId, [...requestIds]))
    .orderBy(asc(supportRequestReplies.createdAt), asc(supportRequestReplies.id));
}

/** The admins' inbox, newest first (keyset on created_at, id), with its filters. */
export async function listSupportRequestPage(
  db: TExecutor,
  options: {
    limit: number;
    cursor?: TCursor | undefined;
    q?: string | undefined;
    status?: string | undefined;
    orgId?: string | undefined;
    orderId?: string | undefined;
    /** An admin's id, or null for requests no one is assigned to. */
    assigneeUserId?: string | null | undefined;
  },
) {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  return selectWithNames(db)
    .where(
      and(
        options.status ? eq(supportRequests.status, options.status) : undefined,
        options.orgId ? eq(supportRequests.orgId, options.orgId) : undefined,
        options.orderId ? eq(supportRequests.orderId, options.orderId) : undefined,
        options.assigneeUserId === null
          ? isNull(supportRequests.assigneeUserId)
          : options.assigneeUserId
            ? eq(supportRequests.assigneeUserId, options.assigneeUserId)
            : undefined,
        pattern
          ? or(sql`${supportRequests.subject} ilike ${pattern}`, sql`${supportRequests.message} ilike ${pattern}`)
          : undefined,
        afterCursor(supportRequests, options.cursor),
      ),
    )
    .orderBy(...newestFirst(supportRequests.createdAt, supportRequests.id))
    .limit(options.limit);
}

/** An organisation's requests, the most recently active first. */
export async function listSupportRequestsOfOrg(db: TExecutor, orgId: string, limit: number) {
  return selectWithNames(db)
    .where(eq(supportRequests.orgId, orgId))
    .orderBy(desc(supportRequests.updatedAt), desc(supportRequests.id))
    .limit(limit);
}

/** The requests about one order, newest first (the order's side of the link). */
export async function listSupportRequestsOfOrder(db: TExecutor, orderId: string) {
  return db
    .select({
      id: supportRequests.id,
      subject: supportRequests.subject,
      status: supportRequests.status,
      createdAt: supportRequests.createdAt,
    })
    .from(supportRequests)
    .where(eq(supportRequests.orderId, orderId))
    .orderBy(...newestFirst(supportRequests.createdAt, supportRequests.id));
}
