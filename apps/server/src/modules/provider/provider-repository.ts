import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

const {
  assignments,
  orders,
  organizations,
  deviceInventory,
  providerCertifications,
  providerProfiles,
  quotes,
  ratings,
} = schema;

/**
 * The provider portal's SQL. Every query of a provider's own data takes the caller's organisation
 * and filters by it, so another organisation's row is simply not found.
 */

export type TDeviceRow = typeof deviceInventory.$inferSelect;
export type TCertificationRow = typeof providerCertifications.$inferSelect;
export type TProviderProfileRow = typeof providerProfiles.$inferSelect;

const assignmentWithOrder = {
  assignment: assignments,
  order: orders,
  customerOrg: { id: organizations.id, name: organizations.name },
};
export type TProviderAssignmentRow = {
  assignment: typeof assignments.$inferSelect;
  order: typeof orders.$inferSelect;
  customerOrg: { id: string; name: string };
};

/** Offered and accepted jobs of one provider organisation, newest first. */
export async function listOrgAssignments(
  db: TExecutor,
  orgId: string,
  statuses: readonly string[],
  limit: number,
): Promise<TProviderAssignmentRow[]> {
  return db
    .select(assignmentWithOrder)
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(and(eq(assignments.providerOrgId, orgId), inArray(assignments.status, [...statuses])))
    .orderBy(desc(assignments.createdAt), desc(assignments.id))
    .limit(limit);
}

export async function findOrgAssignment(
  db: TExecutor,
  orgId: string,
  id: string,
): Promise<TProviderAssignmentRow | undefined> {
  const [row] = await db
    .select(assignmentWithOrder)
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(and(eq(assignments.providerOrgId, orgId), eq(assignments.id, id)));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Performance

const DONE = sql`('completed', 'delivered')`;
const ACTIVE = sql`('assigned', 'scheduled', 'captured', 'changes_requested')`;

/**
 * Figures of one provider organisation's accepted jobs. Earnings: each completed or delivered
 * job's compensation, or the order's accepted quote total when compensation is not set.
 */
export async function performanceOf(db: TExecutor, orgId: string) {
  const [counts] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${orders.status} in ${DONE})`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${orders.status} in ${ACTIVE})`.mapWith(Number),
      earnings: sql<string>`coalesce(sum(coalesce(${assignments.compensation}, (
        select max(${quotes.total}) from ${quotes}
        where ${quotes.orderId} = ${orders.id} and ${quotes.status} = 'accepted'
      ))) filter (where ${orders.status} in ${DONE}), 0)`.mapWith(Number),
    })
    .from(assignments)
    .innerJoin(orders, eq(orders.id, assignments.orderId))
    .where(and(eq(assignments.providerOrgId, orgId), eq(assignments.status, 'accepted')));
  const [rating] = await db
    .select({
      average: sql<string | null>`avg(${ratings.score})`,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(ratings)
    .where(eq(ratings.providerOrgId, orgId));
  const month = sql<string>`to_char(coalesce(${assignments.respondedAt}, ${assignments.createdAt}) at time zone 'UTC', 'YYYY-MM')`;
  const months = await db
    .select({ month, jobs: sql<number>`count(*)`.mapWith(Number) })
    .from(assignments)
    .where(and(eq(assignments.providerOrgId, orgId), eq(assignments.status, 'accepted')))
    .groupBy(month)
    .orderBy(desc(month))
    .limit(12);
  return {
    completed: counts?.completed ?? 0,
    active: counts?.active ?? 0,
    earnings: counts?.earnings ?? 0,
    averageRating: rating?.average == null ? null : Number(rating.average),
    ratingCount: rating?.count ?? 0,
    months: months.reverse(),
  };
}

// ---------------------------------------------------------------------------------------------
// Devices

export async function listDevices(db: TExecutor, orgId: string) {
  return db
    .select()
    .from(deviceInventory)
    .where(eq(deviceInventory.orgId, orgId))
    .orderBy(desc(deviceInventory.createdAt), desc(deviceInventory.id));
}

export async function findDevice(db: TExecutor, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(deviceInventory)
    .where(and(eq(deviceInventory.orgId, orgId), eq(deviceInventory.id, id)));
  return row;
}

export async function insertDevice(tx: TExecutor, values: typeof deviceInventory.$inferInsert) {
  const [row] = await tx.insert(deviceInventory).values(values).returning();
  return row!;
}

export async function updateDevice(
  tx: TExecutor,
  orgId: string,
  id: string,
  values: Partial<typeof deviceInventory.$inferInsert>,
) {
  const [row] = await tx
    .update(deviceInventory)
    .set(values)
    .where(and(eq(deviceInventory.orgId, orgId), eq(deviceInventory.id, id)))
    .returning();
  return row;
}

export async function deleteDevice(tx: TExecutor, orgId: string, id: string) {
  const [row] = await tx
    .delete(deviceInventory)
    .where(and(eq(deviceInventory.orgId, orgId), eq(deviceInventory.id, id)))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Certifications

export async function listCertifications(db: TExecutor, orgId: string) {
  return db
    .select()
    .from(providerCertifications)
    .where(eq(providerCertifications.orgId, orgId))
    .orderBy(desc(providerCertifications.createdAt), desc(providerCertifications.id));
}

export async function insertCertification(tx: TExecutor, values: typeof providerCertifications.$inferInsert) {
  const [row] = await tx.insert(providerCertifications).values(values).returning();
  return row!;
}

/** Admin: any organisation's certification, locked for the verdict. */
export async function lockCertification(tx: TExecutor, id: string) {
  const [row] = await tx.select().from(providerCertifications).where(eq(providerCertifications.id, id)).for('update');
  return row;
}

export async function updateCertification(
  tx: TExecutor,
  id: string,
  values: Partial<typeof providerCertifications.$inferInsert>,
) {
  const [row] = await tx
    .update(providerCertifications)
    .set(values)
    .where(eq(providerCertifications.id, id))
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Settings

export async function findProviderOrg(db: TExecutor, orgId: string) {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, orgId), eq(organizations.type, 'provider')));
  return row;
}

export async function findProfile(db: TExecutor, orgId: string) {
  const [row] = await db.select().from(providerProfiles).where(eq(providerProfiles.orgId, orgId));
  return row;
}

export async function upsertProfile(tx: TExecutor, values: typeof providerProfiles.$inferInsert) {
  const { orgId: _orgId, ...rest } = values;
  const [row] = await tx
    .insert(providerProfiles)
    .values(values)
    .onConflictDoUpdate({ target: providerProfiles.orgId, set: { ...rest, updatedAt: new Date() } })
    .returning();
  return row!;
}
