import { schema, stampedUpdate, type TExecutor } from '@spacecapture/db/client';
import type { TNotificationPreferences } from '@spacecapture/db/schema';
import { and, desc, eq, inArray, isNull, max, or, sql } from 'drizzle-orm';
import { afterCursor, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';
import { propertyKeyOf } from './property-key.ts';

const { orders, organizations, jobEvents, orgMemberships, user, providerProfiles, orderLeads } = schema;

export type TProviderNotificationTopic = keyof TNotificationPreferences;

export type TOrderRow = typeof orders.$inferSelect;
export type TOrderWithCustomer = { order: TOrderRow; customerOrg: { id: string; name: string } };
export type TJobEventRow = typeof jobEvents.$inferSelect;

const withCustomer = { order: orders, customerOrg: { id: organizations.id, name: organizations.name } };

/** A new order, keyed to its property by its location (decision 237): the one place orders are made. */
export async function insertOrder(tx: TExecutor, values: Omit<typeof orders.$inferInsert, 'propertyKey'>) {
  const [row] = await tx
    .insert(orders)
    .values({ ...values, propertyKey: propertyKeyOf(values.location) })
    .returning();
  return row!;
}

export async function findOrder(db: TExecutor, id: string): Promise<TOrderWithCustomer | undefined> {
  const [row] = await db
    .select(withCustomer)
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(eq(orders.id, id));
  return row;
}

/** The order row, locked until the transaction ends: every workflow change of an order starts here. */
export async function lockOrder(tx: TExecutor, id: string, options: { skipLocked?: boolean } = {}) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, id))
    .for('update', options.skipLocked ? { skipLocked: true } : {});
  return row;
}

export const updateOrder = stampedUpdate(orders, orders.id);

export async function insertJobEvent(
  tx: TExecutor,
  values: { orderId: string; type: string; metadata: Record<string, unknown>; actorUserId: string | null },
) {
  // The statement's own time, not the transaction's: events written together keep their order.
  const [row] = await tx
    .insert(jobEvents)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

/** Orders in the given statuses, newest first (the assignment queue). */
export async function listOrdersInStatuses(
  db: TExecutor,
  options: { statuses: readonly string[]; limit: number; cursor?: TCursor | undefined },
) {
  return db
    .select({ ...withCustomer, cursorAt: cursorKey(orders.createdAt) })
    .from(orders)
    .innerJoin(organizations, eq(organizations.id, orders.customerOrgId))
    .where(and(inArray(orders.status, [...options.statuses]), afterCursor(orders, options.cursor)))
    .orderBy(...newestFirst(orders.createdAt, orders.id))
    .limit(options.limit);
}

/**
 * The latest proposed window (job event `deadline`) of each order, among those made under the
 * given assignment (or carrying none, as older events may).
 */
export async function latestProposalsOf(db: TExecutor, pairs: readonly { orderId: string; assignmentId: string }[]) {
  if (pairs.length === 0) return [];
  const rows = await db
    .selectDistinctOn([jobEvents.orderId])
    .from(jobEvents)
    .where(
      and(
        eq(jobEvents.type, 'deadline'),
        inArray(
          jobEvents.orderId,
          pairs.map((pair) => pair.orderId),
        ),
      ),
    )
    .orderBy(jobEvents.orderId, desc(jobEvents.createdAt), desc(jobEvents.id));
  return rows.filter((row) => {
    const assignmentId = row.metadata.assignmentId;
    return !assignmentId || pairs.some((pair) => pair.orderId === row.orderId && pair.assignmentId === assignmentId);
  });
}

export async function findLatestProposal(db: TExecutor, orderId: string, assignmentId: string) {
  const [row] = await db
    .select()
    .from(jobEvents)
    .where(
      and(
        eq(jobEvents.orderId, orderId),
        eq(jobEvents.type, 'deadline'),
        or(
          sql`${jobEvents.metadata}->>'assignmentId' = ${assignmentId}`,
          isNull(sql`${jobEvents.metadata}->>'assignmentId'`),
        ),
      ),
    )
    .orderBy(desc(jobEvents.createdAt), desc(jobEvents.id))
    .limit(1);
  return row;
}

/** The job event that records an admin opening uploads before the capture window (decision 109). */
export const UPLOADS_OPENED_EARLY = 'uploads_opened_early';

/** Each given order's early opening of uploads, if an admin granted one: its reason and time. */
export async function uploadsOpenedEarlyOf(db: TExecutor, orderIds: readonly string[]) {
  const openings = new Map<string, { reason: string; at: Date }>();
  if (orderIds.length === 0) return openings;
  const rows = await db
    .select({ orderId: jobEvents.orderId, metadata: jobEvents.metadata, createdAt: jobEvents.createdAt })
    .from(jobEvents)
    .where(and(eq(jobEvents.type, UPLOADS_OPENED_EARLY), inArray(jobEvents.orderId, [...orderIds])))
    .orderBy(jobEvents.createdAt);
  for (const row of rows) {
    if (!openings.has(row.orderId)) {
      openings.set(row.orderId, { reason: String(row.metadata.reason ?? ''), at: row.createdAt });
    }
  }
  return openings;
}

/** The e-mail addresses of an organisation's members (who is told about its orders and jobs). */
export async function memberEmailsOf(db: TExecutor, orgId: string): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(orgMemberships)
    .innerJoin(user, eq(user.id, orgMemberships.userId))
    .where(eq(orgMemberships.orgId, orgId));
  return rows.map((row) => row.email);
}

/**
 * The members of a provider organisation to e-mail about `topic`, or none when the organisation
 * turned that kind of e-mail off in its settings (every kind is on until it is set).
 */
export async function providerEmailsFor(
  db: TExecutor,
  orgId: string,
  topic: TProviderNotificationTopic,
): Promise<string[]> {
  const [profile] = await db
    .select({ preferences: providerProfiles.notificationPreferences })
    .from(providerProfiles)
    .where(eq(providerProfiles.orgId, orgId));
  if (profile && profile.preferences[topic] === false) return [];
  return memberEmailsOf(db, orgId);
}

export async function findOrganizationRow(db: TExecutor, id: string, options: { forShare?: boolean } = {}) {
  const query = db.select().from(organizations).where(eq(organizations.id, id));
  const [row] = options.forShare ? await query.for('share') : await query;
  return row;
}

/** The addresses an organisation ordered for, each once, the most recently used first. */
export async function listOrgSites(db: TExecutor, orgId: string, limit: number) {
  const lastOrderedAt = max(orders.createdAt);
  const rows = await db
    .select({ location: orders.location, lastOrderedAt })
    .from(orders)
    .where(eq(orders.customerOrgId, orgId))
    .groupBy(orders.location)
    .orderBy(desc(lastOrderedAt), orders.location)
    .limit(limit);
  return rows.flatMap((row) =>
    row.lastOrderedAt ? [{ location: row.location, lastOrderedAt: row.lastOrderedAt }] : [],
  );
}

/**
 * One order of the organisation with the details of the lead it came from, if any (an order made
 * from a lead keeps its space type, size and timeline there). Another organisation's is not found.
 */
export async function findOrgOrderWithLead(db: TExecutor, orgId: string, id: string) {
  const [row] = await db
    .select({ order: orders, leadDetails: orderLeads.details })
    .from(orders)
    .leftJoin(orderLeads, eq(orderLeads.id, orders.leadId))
    .where(and(eq(orders.id, id), eq(orders.customerOrgId, orgId)));
  return row;
}

/** The order if the organisation is its customer (another organisation's is not found). */
export async function findOrgOrder(db: TExecutor, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.customerOrgId, orgId)));
  return row;
}

/** findOrgOrder, locked for update. */
export async function lockOrgOrder(tx: TExecutor, orgId: string, id: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.customerOrgId, orgId)))
    .for('update');
  return row;
}

/** The organisation's orders at one site (its property key, decision 237), newest first. */
export function listOrgOrdersOfProperty(db: TExecutor, orgId: string, propertyKey: string, limit: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.customerOrgId, orgId), eq(orders.propertyKey, propertyKey)))
    .orderBy(...newestFirst(orders.createdAt, orders.id))
    .limit(limit);
}

/**
 * Keys the orders made before property keys existed (migration 0033), a batch per statement; the
 * key is computed here, in TypeScript, as for every new order. Returns how many it keyed.
 */
export async function fillMissingPropertyKeys(db: TExecutor, batch = 500): Promise<number> {
  let keyed = 0;
  for (;;) {
    const rows = await db
      .select({ id: orders.id, location: orders.location })
      .from(orders)
      .where(isNull(orders.propertyKey))
      .limit(batch);
    if (rows.length === 0) return keyed;
    const values = rows.map((row) => sql`(${row.id}::uuid, ${propertyKeyOf(row.location)})`);
    await db.execute(sql`
      update ${orders} set property_key = keyed.key
      from (values ${sql.join(values, sql`, `)}) as keyed (id, key)
      where ${orders.id} = keyed.id and ${orders.propertyKey} is null`);
    keyed += rows.length;
  }
}
