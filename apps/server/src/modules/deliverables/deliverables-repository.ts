import { afterCommit } from '@spacecapture/db/after-commit';
import { schema, type TExecutor } from '@spacecapture/db/client';
import { dueBy } from '@spacecapture/db/due';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

const { deliverables } = schema;

/**
 * The files delivered for orders (deliverables): every write to them is here (decision 194).
 * Uploads add and version them, the thumbnail worker records their thumbnails; the customer
 * portal, share links and thumbnails read them.
 */

export type TDeliverableRow = typeof deliverables.$inferSelect;

/** Told after a commit that recorded a file: the thumbnail worker then draws it within a moment. */
export const DELIVERABLE_RECORDED = 'deliverables:recorded';

/** Records a delivered file; the thumbnail worker is told once the transaction commits. */
export async function insertDeliverable(tx: TExecutor, values: typeof deliverables.$inferInsert) {
  const [row] = await tx.insert(deliverables).values(values).returning();
  if (!row) throw new Error('deliverable insert returned nothing');
  afterCommit(tx, DELIVERABLE_RECORDED);
  return row;
}

/** A file by its id, whatever its order: the caller checks who may see it. */
export async function findDeliverable(db: TExecutor, id: string) {
  const [row] = await db.select().from(deliverables).where(eq(deliverables.id, id));
  return row;
}

/** The files of the orders, first delivered first. */
export async function deliverablesOfOrders(db: TExecutor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(deliverables)
    .where(inArray(deliverables.orderId, [...orderIds]))
    .orderBy(asc(deliverables.deliveredAt), asc(deliverables.id));
}

/**
 * The next version of a file name in an order, and marks every current version superseded: a
 * revised upload of the same name replaces it (decision 134). Called under the order's lock.
 */
export async function supersedeEarlierVersions(tx: TExecutor, orderId: string, fileName: string, at: Date) {
  const [latest] = await tx
    .select({ version: sql<number>`coalesce(max(${deliverables.version}), 0)::int` })
    .from(deliverables)
    .where(and(eq(deliverables.orderId, orderId), eq(deliverables.fileName, fileName)));
  await tx
    .update(deliverables)
    .set({ supersededAt: at })
    .where(
      and(eq(deliverables.orderId, orderId), eq(deliverables.fileName, fileName), isNull(deliverables.supersededAt)),
    );
  return Number(latest?.version ?? 0) + 1;
}

/** Locks a file's row for its removal or replacement (decision 218); undefined when there is none. */
export async function lockDeliverable(tx: TExecutor, id: string) {
  const [row] = await tx.select().from(deliverables).where(eq(deliverables.id, id)).for('update');
  return row;
}

/**
 * Removes a file's row (decision 218). When it was the current version of its name, the latest
 * earlier version is current again. Called under the order's lock; the caller frees the storage.
 */
export async function deleteDeliverable(tx: TExecutor, row: TDeliverableRow) {
  await tx.delete(deliverables).where(eq(deliverables.id, row.id));
  if (row.supersededAt !== null) return;
  const [previous] = await tx
    .select({ id: deliverables.id })
    .from(deliverables)
    .where(and(eq(deliverables.orderId, row.orderId), eq(deliverables.fileName, row.fileName)))
    .orderBy(desc(deliverables.version))
    .limit(1);
  if (previous) await tx.update(deliverables).set({ supersededAt: null }).where(eq(deliverables.id, previous.id));
}

/* The thumbnail columns (decision 138): only the thumbnail worker writes them. */

/**
 * Takes up to `limit` deliverables whose thumbnail is due, counting an attempt and holding each
 * for `holdMs` (another instance skips them meanwhile, and a crashed attempt is retried after).
 */
export async function claimDueThumbnails(db: TExecutor, now: Date, limit: number, holdMs: number) {
  const due = db
    .select({ id: deliverables.id })
    .from(deliverables)
    .where(and(eq(deliverables.thumbnailState, 'pending'), dueBy(deliverables.thumbnailNextAt, now)))
    .orderBy(asc(deliverables.thumbnailNextAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(deliverables)
    .set({
      thumbnailAttempts: sql`${deliverables.thumbnailAttempts} + 1`,
      thumbnailNextAt: new Date(now.getTime() + holdMs),
    })
    .where(inArray(deliverables.id, due))
    .returning({
      id: deliverables.id,
      orderId: deliverables.orderId,
      fileName: deliverables.fileName,
      size: deliverables.size,
      fileLinks: deliverables.fileLinks,
      attempts: deliverables.thumbnailAttempts,
    });
}

/** Records how an attempt ended: the thumbnail made, the type icon for good, or another try at `retryAt`. */
export async function markThumbnail(
  db: TExecutor,
  id: string,
  result: { state: 'ready'; key: string } | { state: 'none' | 'failed' } | { state: 'pending'; retryAt: Date },
) {
  await db
    .update(deliverables)
    .set({
      thumbnailState: result.state,
      ...(result.state === 'ready' ? { thumbnailKey: result.key } : {}),
      ...(result.state === 'pending' ? { thumbnailNextAt: result.retryAt } : {}),
    })
    .where(eq(deliverables.id, id));
}

/* The point-cloud tree columns (decision 226): only the point-tree worker writes them. */

/** Takes up to `limit` deliverables whose tree is due, as `claimDueThumbnails` does for thumbnails. */
export async function claimDuePointTrees(db: TExecutor, now: Date, limit: number, holdMs: number) {
  const due = db
    .select({ id: deliverables.id })
    .from(deliverables)
    .where(and(inArray(deliverables.treeState, ['pending', 'converting']), dueBy(deliverables.treeNextAt, now)))
    .orderBy(asc(deliverables.treeNextAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(deliverables)
    .set({
      treeAttempts: sql`${deliverables.treeAttempts} + 1`,
      treeNextAt: new Date(now.getTime() + holdMs),
    })
    .where(inArray(deliverables.id, due))
    .returning({
      id: deliverables.id,
      orderId: deliverables.orderId,
      fileName: deliverables.fileName,
      size: deliverables.size,
      fileLinks: deliverables.fileLinks,
      attempts: deliverables.treeAttempts,
    });
}

/** Records how far a conversion has come, in whole per cents. */
export async function markPointTreeProgress(db: TExecutor, id: string, percent: number) {
  await db.update(deliverables).set({ treeState: 'converting', treePercent: percent }).where(eq(deliverables.id, id));
}

/** Records how a conversion ended: the tree ready, no tree for this kind, failed with why, or another try. */
export async function markPointTree(
  db: TExecutor,
  id: string,
  result:
    | { state: 'ready'; key: string }
    | { state: 'none' }
    | { state: 'failed'; error: string }
    | { state: 'pending'; retryAt: Date },
) {
  await db
    .update(deliverables)
    .set({
      treeState: result.state,
      ...(result.state === 'ready' ? { treeKey: result.key, treePercent: 100, treeError: null } : {}),
      ...(result.state === 'failed' ? { treeError: result.error } : {}),
      ...(result.state === 'pending' ? { treeNextAt: result.retryAt, treePercent: 0 } : {}),
    })
    .where(eq(deliverables.id, id));
}

/** The CRC-32 of a file recorded before uploads computed one, worked out on its first download-all (decision 221). */
export async function recordDeliverableCrc32(db: TExecutor, id: string, crc32: number) {
  await db
    .update(deliverables)
    .set({ crc32 })
    .where(and(eq(deliverables.id, id), isNull(deliverables.crc32)));
}
