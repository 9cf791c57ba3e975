import { schema, type TExecutor } from '@spacecapture/db/client';
import { dueBy } from '@spacecapture/db/due';
import type { TCheckFinding, TCheckState } from '@spacecapture/shared/contracts/quality-checks';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

const { deliverableChecks, deliverables, orders } = schema;

/**
 * The quality checks of delivered files (decision 236): every write to `deliverable_checks` is
 * here (decision 194). The quality-check worker claims and records them; uploads read them for the
 * provider's file list and Mark delivered; the admin console overrides them.
 */

export type TDeliverableCheckRow = typeof deliverableChecks.$inferSelect;

/**
 * Up to `limit` files due a check, held for `holdMs`: files never checked (a row is made for each,
 * so files from before the check existed are checked too; a tour link's is passed at once), then
 * ones pending a retry or left checking by a crashed pass.
 */
export async function claimDueChecks(db: TExecutor, now: Date, limit: number, holdMs: number) {
  const holdUntil = new Date(now.getTime() + holdMs);
  // A tour link (decision 233) has no bytes to check: it is passed as it is recorded.
  await db.execute(sql`insert into deliverable_checks (deliverable_id, state, next_at)
    select d.id, case when d.tour_url is null then 'pending' else 'passed' end, ${now.toISOString()}::timestamptz
    from deliverables d
    where not exists (select 1 from deliverable_checks c where c.deliverable_id = d.id)
    order by d.created_at limit ${limit}
    on conflict do nothing`);
  const due = db
    .select({ id: deliverableChecks.deliverableId })
    .from(deliverableChecks)
    .where(and(inArray(deliverableChecks.state, ['pending', 'checking']), dueBy(deliverableChecks.nextAt, now)))
    .orderBy(asc(deliverableChecks.nextAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(deliverableChecks)
    .set({ state: 'checking', attempts: sql`${deliverableChecks.attempts} + 1`, nextAt: holdUntil })
    .where(inArray(deliverableChecks.deliverableId, due))
    .returning({ id: deliverableChecks.deliverableId, attempts: deliverableChecks.attempts });
  if (claimed.length === 0) return [];
  const files = await db
    .select({
      id: deliverables.id,
      orderId: deliverables.orderId,
      fileName: deliverables.fileName,
      size: deliverables.size,
      fileLinks: deliverables.fileLinks,
      captureType: orders.captureType,
    })
    .from(deliverables)
    .innerJoin(orders, eq(orders.id, deliverables.orderId))
    .where(
      inArray(
        deliverables.id,
        claimed.map((row) => row.id),
      ),
    );
  const attemptsOf = new Map(claimed.map((row) => [row.id, row.attempts]));
  return files.map((file) => ({ ...file, attempts: attemptsOf.get(file.id) ?? 1 }));
}

/** Records a check's outcome, or puts it back for another try. */
export async function recordCheck(
  db: TExecutor,
  deliverableId: string,
  result:
    | {
        state: Extract<TCheckState, 'passed' | 'warned' | 'failed'>;
        failures: TCheckFinding[];
        warnings: TCheckFinding[];
        facts: Record<string, unknown>;
        at: Date;
      }
    | { state: 'pending'; retryAt: Date },
) {
  await db
    .update(deliverableChecks)
    .set(
      result.state === 'pending'
        ? { state: 'pending', nextAt: result.retryAt }
        : {
            state: result.state,
            failures: result.failures,
            warnings: result.warnings,
            facts: result.facts,
            checkedAt: result.at,
          },
    )
    .where(eq(deliverableChecks.deliverableId, deliverableId));
}

/** The checks of these files (a file without a row is still pending). */
export async function checksOfDeliverables(db: TExecutor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, TDeliverableCheckRow>();
  const rows = await db
    .select()
    .from(deliverableChecks)
    .where(inArray(deliverableChecks.deliverableId, [...ids]));
  return new Map(rows.map((row) => [row.deliverableId, row]));
}

/** The current (not superseded) files of an order whose check failed and was not overridden. */
export async function failingFilesOfOrder(db: TExecutor, orderId: string) {
  return db
    .select({ id: deliverables.id, fileName: deliverables.fileName, failures: deliverableChecks.failures })
    .from(deliverableChecks)
    .innerJoin(deliverables, eq(deliverables.id, deliverableChecks.deliverableId))
    .where(
      and(
        eq(deliverables.orderId, orderId),
        isNull(deliverables.supersededAt),
        eq(deliverableChecks.state, 'failed'),
        isNull(deliverableChecks.overrideAt),
      ),
    )
    .orderBy(asc(deliverables.fileName));
}

/** A check locked for an admin's override, with its file's order. */
export async function lockCheck(tx: TExecutor, deliverableId: string) {
  const [row] = await tx
    .select({ check: deliverableChecks, orderId: deliverables.orderId, fileName: deliverables.fileName })
    .from(deliverableChecks)
    .innerJoin(deliverables, eq(deliverables.id, deliverableChecks.deliverableId))
    .where(eq(deliverableChecks.deliverableId, deliverableId))
    .for('update', { of: deliverableChecks });
  return row;
}

export async function overrideCheck(
  tx: TExecutor,
  deliverableId: string,
  override: { reason: string; by: string; at: Date },
) {
  await tx
    .update(deliverableChecks)
    .set({ overrideReason: override.reason, overrideBy: override.by, overrideAt: override.at })
    .where(eq(deliverableChecks.deliverableId, deliverableId));
}
