import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';

/** The only SQL over share_links (decision 137). Reads of a portal take the organisation. */

const { shareLinks, shareVisitSalts, shareLinkVisitors, shareLinkFileOpens } = schema;

export type TShareLinkRow = typeof shareLinks.$inferSelect;

export async function insertShareLink(db: TExecutor, values: typeof shareLinks.$inferInsert) {
  const [row] = await db.insert(shareLinks).values(values).returning();
  if (!row) throw new Error('share link insert returned no row');
  return row;
}

/** What a link shares: one order, or a property (the organisation's orders at one site address, decision 237). */
export type TShareSubject = { orderId: string } | { propertyId: string };

function ofSubject(organizationId: string, subject: TShareSubject) {
  return 'orderId' in subject
    ? and(eq(shareLinks.organizationId, organizationId), eq(shareLinks.orderId, subject.orderId))
    : and(eq(shareLinks.organizationId, organizationId), eq(shareLinks.propertyId, subject.propertyId));
}

/** One order's or one property's links, newest first (an organisation makes a handful of each). */
export function listShareLinksOf(db: TExecutor, organizationId: string, subject: TShareSubject) {
  return db
    .select()
    .from(shareLinks)
    .where(ofSubject(organizationId, subject))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(200);
}

/**
 * The live links (not revoked, not expired) of an order or of a property, counted with that
 * subject's links locked until the transaction ends, so two creations cannot both pass the cap.
 */
export async function countLiveShareLinksLocked(
  db: TExecutor,
  organizationId: string,
  subject: TShareSubject,
  now: Date,
) {
  const lockKey =
    'orderId' in subject
      ? `spacecapture:share-links:${subject.orderId}`
      : `spacecapture:share-links:${organizationId}:property:${subject.propertyId}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shareLinks)
    .where(and(ofSubject(organizationId, subject), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)));
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

export async function updateShareLink(
  db: TExecutor,
  id: string,
  values: { presentation?: string | undefined; embedOrigins?: string[] | undefined },
) {
  const [row] = await db
    .update(shareLinks)
    .set({
      ...(values.presentation === undefined ? {} : { presentation: values.presentation }),
      ...(values.embedOrigins === undefined ? {} : { embedOrigins: values.embedOrigins }),
    })
    .where(eq(shareLinks.id, id))
    .returning();
  if (!row) throw new Error('share link update returned nothing');
  return row;
}

/** One link by its id (the primary key), as a share page's tree link names it. */
export async function findShareLink(db: TExecutor, id: string) {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, id));
  return row;
}

export async function findShareLinkByHash(db: TExecutor, tokenHash: string) {
  const [row] = await db.select().from(shareLinks).where(eq(shareLinks.tokenHash, tokenHash));
  return row;
}

/**
 * Counts one view of a link that is still live at `now`, and the visitor once a day (decision 222);
 * undefined when the link is no longer live. `visitor` is today's salted hash, never an address.
 */
export async function countShareLinkView(db: TExecutor, id: string, now: Date, visitor: { hash: string; day: string }) {
  return db.transaction(async (tx) => {
    const [viewed] = await tx
      .update(shareLinks)
      .set({ viewCount: sql`${shareLinks.viewCount} + 1`, lastViewedAt: now })
      .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)))
      .returning();
    if (!viewed) return undefined;
    const [firstToday] = await tx
      .insert(shareLinkVisitors)
      .values({ shareLinkId: id, visitorHash: visitor.hash, day: visitor.day })
      .onConflictDoNothing()
      .returning({ id: shareLinkVisitors.shareLinkId });
    if (!firstToday) return viewed;
    const [counted] = await tx
      .update(shareLinks)
      .set({ visitorCount: sql`${shareLinks.visitorCount} + 1` })
      .where(eq(shareLinks.id, id))
      .returning();
    return counted;
  });
}

/**
 * The salt of the visitor hashes of `day` (YYYY-MM-DD, UTC): the first view of the day makes it,
 * and with it every earlier day's salt and hashes go, so none outlives its day.
 */
export async function saltOfDay(db: TExecutor, day: string, fresh: string) {
  const [made] = await db.insert(shareVisitSalts).values({ day, salt: fresh }).onConflictDoNothing().returning();
  if (made) await deleteShareVisitsBefore(db, day);
  if (made) return made.salt;
  const [kept] = await db.select().from(shareVisitSalts).where(eq(shareVisitSalts.day, day));
  if (!kept) throw new Error(`no visitor salt for ${day}`);
  return kept.salt;
}

/** Removes the salts and visitor hashes of days before `day`; the number of hashes removed. */
export async function deleteShareVisitsBefore(db: TExecutor, day: string) {
  await db.delete(shareVisitSalts).where(lt(shareVisitSalts.day, day));
  const removed = await db
    .delete(shareLinkVisitors)
    .where(lt(shareLinkVisitors.day, day))
    .returning({ id: shareLinkVisitors.shareLinkId });
  return removed.length;
}

/** One more open of a file through a link (a view in the viewer or a download). */
export async function countShareFileOpen(db: TExecutor, shareLinkId: string, deliverableId: string, now: Date) {
  await db
    .insert(shareLinkFileOpens)
    .values({ shareLinkId, deliverableId, opens: 1, lastOpenedAt: now })
    .onConflictDoUpdate({
      target: [shareLinkFileOpens.shareLinkId, shareLinkFileOpens.deliverableId],
      set: { opens: sql`${shareLinkFileOpens.opens} + 1`, lastOpenedAt: now },
    });
}

/** The opens per file of the links. */
export function fileOpensOfLinks(db: TExecutor, shareLinkIds: readonly string[]) {
  if (shareLinkIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(shareLinkFileOpens)
    .where(inArray(shareLinkFileOpens.shareLinkId, [...shareLinkIds]));
}
