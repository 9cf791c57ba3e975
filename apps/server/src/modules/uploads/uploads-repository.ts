import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';

const { assignments, orders, deliverables, jobEvents, organizations, uploadReservations, user } = schema;

export type TUploadTargetRow = {
  assignmentId: string;
  orderId: string;
  title: string;
  location: string;
  status: string;
  /** Deliveries made so far (decision 133): files of a later round are not yet delivered. */
  deliveryRound: number;
  /** The confirmed capture window's start (decision 109: uploads open then). */
  windowStart: Date | null;
};

const targetColumns = {
  assignmentId: assignments.id,
  orderId: orders.id,
  title: orders.title,
  location: orders.location,
  status: orders.status,
  deliveryRound: orders.deliveryRound,
  windowStart: assignments.scheduledStart,
};

/** The provider organisation's accepted assignment of an order, with the order (none: not theirs). */
export async function findAcceptedAssignment(
  db: TExecutor,
  providerOrgId: string,
  orderId: string,
): Promise<TUploadTargetRow | undefined> {
  const [row] = await db
    .select(targetColumns)
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .where(
      and(
        eq(assignments.providerOrgId, providerOrgId),
        eq(assignments.orderId, orderId),
        eq(assignments.status, 'accepted'),
      ),
    )
    .limit(1);
  return row;
}

/** Orders the organisation holds an accepted assignment of, newest assignment first. */
export async function listAcceptedAssignments(db: TExecutor, providerOrgId: string, limit: number) {
  return db
    .select({
      ...targetColumns,
      fileCount: sql<number>`(select count(*)::int from ${deliverables} where ${deliverables.orderId} = ${orders.id})`,
    })
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .where(and(eq(assignments.providerOrgId, providerOrgId), eq(assignments.status, 'accepted')))
    .orderBy(desc(assignments.createdAt), desc(assignments.id))
    .limit(limit);
}

const fileColumns = {
  id: deliverables.id,
  orderId: deliverables.orderId,
  orderTitle: orders.title,
  type: deliverables.type,
  fileName: deliverables.fileName,
  size: deliverables.size,
  checksum: deliverables.checksum,
  tourUrl: deliverables.tourUrl,
  uploadedBy: user.name,
  createdAt: deliverables.createdAt,
  version: deliverables.version,
  round: deliverables.round,
  orderStatus: orders.status,
  orderDeliveryRound: orders.deliveryRound,
  supersededAt: deliverables.supersededAt,
  thumbnailState: deliverables.thumbnailState,
  thumbnailKey: deliverables.thumbnailKey,
  treeState: deliverables.treeState,
  treePercent: deliverables.treePercent,
  treeKey: deliverables.treeKey,
  treeError: deliverables.treeError,
};

/**
 * Files of the orders the organisation holds the accepted assignment of, newest first: of one
 * order, or of all of them.
 */
export async function listProviderFiles(
  db: TExecutor,
  input: { providerOrgId: string; orderId?: string | undefined; limit: number },
) {
  const accepted = db
    .select({ orderId: assignments.orderId })
    .from(assignments)
    .where(and(eq(assignments.providerOrgId, input.providerOrgId), eq(assignments.status, 'accepted')));
  return db
    .select(fileColumns)
    .from(deliverables)
    .innerJoin(orders, eq(orders.id, deliverables.orderId))
    .leftJoin(user, eq(user.id, deliverables.uploadedBy))
    .where(
      and(inArray(deliverables.orderId, accepted), input.orderId ? eq(deliverables.orderId, input.orderId) : undefined),
    )
    .orderBy(desc(deliverables.createdAt), desc(deliverables.id))
    .limit(input.limit);
}

/** The deliverable an upload already produced (a repeated final request), if any. */
export async function findDeliverableOfUpload(db: TExecutor, orderId: string, uploadKey: string) {
  const [row] = await db
    .select({ deliverableId: sql<string>`${jobEvents.metadata}->>'deliverableId'` })
    .from(jobEvents)
    .where(
      and(
        eq(jobEvents.orderId, orderId),
        eq(jobEvents.type, 'file_uploaded'),
        sql`${jobEvents.metadata}->>'storageKey' = ${uploadKey}`,
      ),
    )
    .limit(1);
  return row?.deliverableId ?? null;
}

export async function countDeliverables(db: TExecutor, orderId: string) {
  const [row] = await db.select({ value: count() }).from(deliverables).where(eq(deliverables.orderId, orderId));
  return row?.value ?? 0;
}

/**
 * Whether a file arrived for the order after `since` (other than the one being recorded). Read from
 * the deliverables, dated by the app's clock like `since`, not from the job events, which the
 * database dates itself.
 */
export async function hasFileUploadedSince(db: TExecutor, orderId: string, since: Date) {
  const [row] = await db
    .select({ id: deliverables.id })
    .from(deliverables)
    .where(and(eq(deliverables.orderId, orderId), gt(deliverables.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

/**
 * Serialises reservations of one organisation until the transaction ends: the organisation's row
 * is locked (FOR NO KEY UPDATE, so rows referring to it may still be inserted meanwhile).
 */
export async function lockReservationsOf(tx: TExecutor, providerOrgId: string) {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, providerOrgId))
    .for('no key update');
}

/** Bytes announced by the organisation's unfinished uploads. */
export async function reservedBytesOf(db: TExecutor, providerOrgId: string) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${uploadReservations.bytes}), 0)` })
    .from(uploadReservations)
    .where(eq(uploadReservations.providerOrgId, providerOrgId));
  return Number(row?.total ?? 0);
}

/** A key reserved twice (two creations of one name in one millisecond on a bucket) is counted once. */
export async function insertUploadReservation(tx: TExecutor, values: typeof uploadReservations.$inferInsert) {
  await tx.insert(uploadReservations).values(values).onConflictDoNothing();
}

export async function deleteUploadReservation(db: TExecutor, key: string) {
  await db.delete(uploadReservations).where(eq(uploadReservations.key, key));
}

/** Reservations made before `cutoff`: their uploads are finished or given up by now. Returns how many. */
export async function deleteUploadReservationsBefore(db: TExecutor, cutoff: Date) {
  const deleted = await db
    .delete(uploadReservations)
    .where(lt(uploadReservations.createdAt, cutoff))
    .returning({ key: uploadReservations.key });
  return deleted.length;
}
