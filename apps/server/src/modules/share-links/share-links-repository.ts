import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';

/** The only SQL over share_links (decision 137). Reads of a portal take the organisation. */

const { shareLinks } = schema;

export type TShareLinkRow = typeof shareLinks.$inferSelect;

export async function insertShareLink(db: TExecutor, values: typeof shareLinks.$inferInsert) {
  const [row] = await db.insert(shareLinks).values(values).returning();
  if (!row) throw new Error('share link insert returned no row');
  return row;
}

/** One order's links, newest first (an organisation makes a handful per order). */
export function listShareLinksOfOrder(db: TExecutor, organizationId: string, orderId: string) {
  return db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.organizationId, organizationId), eq(shareLinks.orderId, orderId)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(200);
}

/** An order's live links (not revoked, not expired), counted with the order's links locked until the transaction ends. */
export async function countLiveShareLinksLocked(db: TExecutor, orderId: string, now: Date) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`spacecapture:share-links:${orderId}`}))`);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shareLinks)
    .where(and(eq(shareLinks.orderId, orderId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)));
  return row?.n ?? 0;
}

/** One link of the organisation, locked for the revocation: another organisation's is not found. */
export async function lockOrgShareLink(db: TExecutor, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, id), eq(shareLinks.organizationId, organizationId)))
    .for('update');
  return row;
}

export async function markShareLinkRevoked(db: TExecutor, id: string, now: Date) {
  const [row] = await db
    .update(shareLinks)
    .set({ revokedAt: now })
    .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt)))
    .returning();
  return row;
}

export async function findShareLinkByHash(db: TExecutor, tokenHash: string) {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.tokenHash, tokenHash));
  return row;
}

/** Counts one view of a link that is still live at `now`; undefined when it no longer is. */
export async function countShareLinkView(db: TExecutor, id: string, now: Date) {
  const [row] = await db
    .update(shareLinks)
    .set({ viewCount: sql`${shareLinks.viewCount} + 1`, lastViewedAt: now })
    .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
    .returning();
  return row;
}
