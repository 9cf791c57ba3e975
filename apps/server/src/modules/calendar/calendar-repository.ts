import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, eq, gt, isNotNull, isNull, notInArray } from 'drizzle-orm';

const { assignments, calendarFeeds, orders } = schema;

/** Whose feed: a provider member's own (userId set) or a customer organisation's (userId null). */
type TFeedHolder = { orgId: string; userId: string | null };

function liveFeedOf(holder: TFeedHolder) {
  return and(
    eq(calendarFeeds.orgId, holder.orgId),
    holder.userId ? eq(calendarFeeds.userId, holder.userId) : isNull(calendarFeeds.userId),
    isNull(calendarFeeds.revokedAt),
  );
}

export async function findLiveFeed(db: TExecutor, holder: TFeedHolder) {
  const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(liveFeedOf(holder));
  return row;
}

/** Revokes the holder's live feeds (one at most), returning what was revoked. */
export async function revokeLiveFeeds(tx: TExecutor, holder: TFeedHolder, now: Date) {
  return tx
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(liveFeedOf(holder))
    .returning({ id: calendarFeeds.id, createdAt: calendarFeeds.createdAt });
}

export async function insertFeed(tx: TExecutor, values: typeof calendarFeeds.$inferInsert) {
  const [row] = await tx.insert(calendarFeeds).values(values).returning();
  return row!;
}

/** The unrevoked feed whose token hashes to the value. */
export async function findLiveFeedByTokenHash(db: TExecutor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), isNull(calendarFeeds.revokedAt)));
  return row;
}

/**
 * The confirmed captures of a feed, earliest first: of the provider organisation's accepted jobs
 * (a member's feed) or of the customer organisation's orders, ending after `since`.
 */
export async function listFeedCaptures(
  db: TExecutor,
  options: { orgId: string; side: 'provider' | 'customer'; since: Date; limit: number },
) {
  const owner =
    options.side === 'provider'
      ? eq(assignments.providerOrgId, options.orgId)
      : eq(orders.customerOrgId, options.orgId);
  return db
    .select({
      id: assignments.id,
      start: assignments.scheduledStart,
      end: assignments.scheduledEnd,
      title: orders.title,
      location: orders.location,
      captureType: orders.captureType,
    })
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .where(
      and(
        owner,
        // Confirmed captures: the provider accepted, so both sides may see the address.
        eq(assignments.status, 'accepted'),
        isNotNull(assignments.scheduledStart),
        gt(assignments.scheduledEnd, options.since),
        notInArray(orders.status, ['cancelled']),
      ),
    )
    .orderBy(asc(assignments.scheduledStart))
    .limit(options.limit);
}
