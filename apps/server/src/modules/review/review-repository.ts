import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

const { deliverables, jobEvents, orders, reviewComments, user } = schema;

export type TReviewCommentInsert = typeof reviewComments.$inferInsert;

/** The SQL of the delivery review (decision 133): change-request comments and file versions. */

export async function insertReviewComments(tx: TExecutor, rows: readonly TReviewCommentInsert[]) {
  if (rows.length === 0) return;
  await tx.insert(reviewComments).values([...rows]);
}

/** Every comment of an order, oldest round first, with the commented file and the author's name. */
export async function listReviewComments(db: TExecutor, orderId: string) {
  return db
    .select({
      id: reviewComments.id,
      round: reviewComments.round,
      deliverableId: reviewComments.deliverableId,
      fileName: deliverables.fileName,
      fileVersion: deliverables.version,
      body: reviewComments.body,
      pin: reviewComments.pin,
      authorName: user.name,
      createdAt: reviewComments.createdAt,
    })
    .from(reviewComments)
    .leftJoin(deliverables, eq(deliverables.id, reviewComments.deliverableId))
    .leftJoin(user, eq(user.id, reviewComments.authorUserId))
    .where(eq(reviewComments.orderId, orderId))
    .orderBy(asc(reviewComments.round), asc(reviewComments.createdAt), asc(reviewComments.id));
}

/** Every file of an order with its version, newest first. */
export async function listOrderFiles(db: TExecutor, orderId: string) {
  return db
    .select({
      id: deliverables.id,
      fileName: deliverables.fileName,
      type: deliverables.type,
      size: deliverables.size,
      version: deliverables.version,
      round: deliverables.round,
      supersededAt: deliverables.supersededAt,
      createdAt: deliverables.createdAt,
    })
    .from(deliverables)
    .where(eq(deliverables.orderId, orderId))
    .orderBy(desc(deliverables.createdAt), desc(deliverables.id));
}

/** The ids among `ids` that are files of the order. */
export async function deliverableIdsOfOrder(db: TExecutor, orderId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: deliverables.id })
    .from(deliverables)
    .where(and(eq(deliverables.orderId, orderId), inArray(deliverables.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export async function countFilesOfRound(db: TExecutor, orderId: string, round: number) {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(deliverables)
    .where(and(eq(deliverables.orderId, orderId), eq(deliverables.round, round)));
  return Number(row?.value ?? 0);
}

/** When the order last became delivered (its latest status change to delivered), if ever. */
export async function lastDeliveredAt(db: TExecutor, orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${jobEvents.createdAt})` })
    .from(jobEvents)
    .where(
      and(
        eq(jobEvents.orderId, orderId),
        eq(jobEvents.type, 'status_change'),
        sql`${jobEvents.metadata}->>'to' = 'delivered'`,
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** Delivered orders whose latest delivery is older than `cutoff`, oldest first (auto-approval). */
export async function findOverdueDeliveries(db: TExecutor, cutoff: Date, limit: number) {
  const deliveredAt = sql<Date>`(select max(${jobEvents.createdAt}) from ${jobEvents}
    where ${jobEvents.orderId} = ${orders.id} and ${jobEvents.type} = 'status_change'
      and ${jobEvents.metadata}->>'to' = 'delivered')`;
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'delivered'), sql`${deliveredAt} < ${cutoff.toISOString()}::timestamptz`))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(limit);
}

/**
 * How the order's review ended: its latest move to completed made by the review (the move's
 * `review` mark), with who made it. Null while the review is open, or when an admin completed the
 * order without one.
 */
export async function reviewDecisionOf(db: TExecutor, orderId: string) {
  const [row] = await db
    .select({
      metadata: jobEvents.metadata,
      createdAt: jobEvents.createdAt,
      actorName: user.name,
    })
    .from(jobEvents)
    .leftJoin(user, eq(user.id, jobEvents.actorUserId))
    .where(
      and(
        eq(jobEvents.orderId, orderId),
        eq(jobEvents.type, 'status_change'),
        sql`${jobEvents.metadata}->>'to' = 'completed'`,
        sql`${jobEvents.metadata}->>'review' is not null`,
      ),
    )
    .orderBy(desc(jobEvents.createdAt), desc(jobEvents.id))
    .limit(1);
  return row ?? null;
}
