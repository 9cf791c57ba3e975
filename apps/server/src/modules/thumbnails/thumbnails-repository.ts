import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';

/** The thumbnail columns of deliverables (decision 138); only the thumbnail worker writes them. */

const { deliverables } = schema;

/**
 * Takes up to `limit` deliverables whose thumbnail is due, counting an attempt and holding each
 * for `holdMs` (another instance skips them meanwhile, and a crashed attempt is retried after).
 */
export async function claimDueThumbnails(db: TExecutor, now: Date, limit: number, holdMs: number) {
  const due = db
    .select({ id: deliverables.id })
    .from(deliverables)
    .where(and(eq(deliverables.thumbnailState, 'pending'), lte(deliverables.thumbnailNextAt, now)))
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
