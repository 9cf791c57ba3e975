import { schema, stampedUpdate, type TExecutor } from '@spacecapture/db/client';
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, notInArray, sql } from 'drizzle-orm';

const {
  assignments,
  orders,
  organizations,
  deviceInventory,
  providerAvailability,
  providerCertifications,
  providerProfiles,
} = schema;

export type TAssignmentRow = typeof assignments.$inferSelect;
export type TAssignmentWithProvider = { assignment: TAssignmentRow; providerOrg: { id: string; name: string } };

const withProvider = { assignment: assignments, providerOrg: { id: organizations.id, name: organizations.name } };

/** Statuses in which an assignment is the order's live offer (at most one, by a unique index). */
export const LIVE_ASSIGNMENT_STATUSES = ['offered', 'accepted'] as const;

export async function insertAssignment(tx: TExecutor, values: typeof assignments.$inferInsert) {
  const [row] = await tx.insert(assignments).values(values).returning();
  return row!;
}

export async function findAssignment(db: TExecutor, id: string): Promise<TAssignmentWithProvider | undefined> {
  const [row] = await db
    .select(withProvider)
    .from(assignments)
    .innerJoin(organizations, eq(organizations.id, assignments.providerOrgId))
    .where(eq(assignments.id, id));
  return row;
}

export async function lockAssignment(tx: TExecutor, id: string) {
  const [row] = await tx.select().from(assignments).where(eq(assignments.id, id)).for('update');
  return row;
}

export async function lockLiveAssignmentOf(tx: TExecutor, orderId: string) {
  const [row] = await tx
    .select()
    .from(assignments)
    .where(and(eq(assignments.orderId, orderId), inArray(assignments.status, [...LIVE_ASSIGNMENT_STATUSES])))
    .for('update');
  return row;
}

export const updateAssignment = stampedUpdate(assignments, assignments.id);

/**
 * Claims up to `limit` confirmed captures starting within `horizon` of `now` whose reminder is not
 * sent yet, marking them sent in the same statement: the first instance to claim one sends it, the
 * others see it claimed (decision 147). Rows locked by a change in progress are skipped.
 */
/** Confirmed captures starting within `starts` and not reminded yet, marked reminded at `now`. */
export async function claimDueReminders(tx: TExecutor, starts: { from: Date; to: Date }, now: Date, limit: number) {
  const due = tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.status, 'accepted'),
        isNull(assignments.reminderSentAt),
        gt(assignments.scheduledStart, starts.from),
        lte(assignments.scheduledStart, starts.to),
      ),
    )
    .orderBy(asc(assignments.scheduledStart))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx.update(assignments).set({ reminderSentAt: now }).where(sql`${assignments.id} in ${due}`).returning();
}

/** The newest assignment of each order. */
export async function latestAssignmentsOf(db: TExecutor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectDistinctOn([assignments.orderId], withProvider)
    .from(assignments)
    .innerJoin(organizations, eq(organizations.id, assignments.providerOrgId))
    .where(inArray(assignments.orderId, [...orderIds]))
    .orderBy(assignments.orderId, desc(assignments.createdAt), desc(assignments.id));
}

/** Offers still unanswered at `now`, oldest deadline first (candidates; each is re-checked under lock). */
export async function findDueOffers(db: TExecutor, now: Date, limit: number) {
  return db
    .select({ id: assignments.id, orderId: assignments.orderId })
    .from(assignments)
    .where(and(eq(assignments.status, 'offered'), lte(assignments.respondBy, now)))
    .orderBy(asc(assignments.respondBy))
    .limit(limit);
}

export async function listActiveProviders(db: TExecutor, limit: number) {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.type, 'provider'), eq(organizations.status, 'active')))
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(limit);
}

export async function devicesOf(db: TExecutor, orgIds: readonly string[]) {
  if (orgIds.length === 0) return [];
  return db
    .select()
    .from(deviceInventory)
    .where(inArray(deviceInventory.orgId, [...orgIds]))
    .orderBy(desc(deviceInventory.createdAt));
}

export async function certificationsOf(db: TExecutor, orgIds: readonly string[]) {
  if (orgIds.length === 0) return [];
  return db
    .select()
    .from(providerCertifications)
    .where(inArray(providerCertifications.orgId, [...orgIds]))
    .orderBy(desc(providerCertifications.createdAt));
}

/** The service regions each provider organisation set in its profile (or carried from its application). */
export async function serviceRegionsOf(db: TExecutor, orgIds: readonly string[]) {
  if (orgIds.length === 0) return [];
  return db
    .select({ orgId: providerProfiles.orgId, serviceRegions: providerProfiles.serviceRegions })
    .from(providerProfiles)
    .where(inArray(providerProfiles.orgId, [...orgIds]));
}

/**
 * The provider's other confirmed captures overlapping [start, end): accepted jobs with a window,
 * of orders still open.
 */
export async function findClashingCaptures(
  db: TExecutor,
  input: { providerOrgId: string; exceptAssignmentId: string; start: Date; end: Date },
) {
  return db
    .select({ start: assignments.scheduledStart, end: assignments.scheduledEnd, title: orders.title })
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .where(
      and(
        eq(assignments.providerOrgId, input.providerOrgId),
        eq(assignments.status, 'accepted'),
        ne(assignments.id, input.exceptAssignmentId),
        notInArray(orders.status, ['cancelled', 'completed']),
        lt(assignments.scheduledStart, input.end),
        gt(assignments.scheduledEnd, input.start),
      ),
    )
    .orderBy(asc(assignments.scheduledStart))
    .limit(5);
}

export async function findBlockedDates(db: TExecutor, providerOrgId: string): Promise<string[]> {
  const [row] = await db
    .select({ blockedDates: providerAvailability.blockedDates })
    .from(providerAvailability)
    .where(eq(providerAvailability.orgId, providerOrgId));
  return row?.blockedDates ?? [];
}

/** The provider organisation holding the order's accepted assignment (at most one: assignments_one_live_per_order). */
/** The order's accepted offer (its provider and compensation), if a provider holds the job. */
export async function acceptedAssignmentOf(db: TExecutor, orderId: string) {
  const [row] = await db
    .select({ id: assignments.id, providerOrgId: assignments.providerOrgId, compensation: assignments.compensation })
    .from(assignments)
    .where(and(eq(assignments.orderId, orderId), eq(assignments.status, 'accepted')))
    .orderBy(desc(assignments.createdAt))
    .limit(1);
  return row;
}

export async function acceptedProviderOf(db: TExecutor, orderId: string) {
  const [row] = await db
    .select({ providerOrgId: assignments.providerOrgId })
    .from(assignments)
    .where(and(eq(assignments.orderId, orderId), eq(assignments.status, 'accepted')))
    .orderBy(desc(assignments.createdAt))
    .limit(1);
  return row?.providerOrgId;
}
