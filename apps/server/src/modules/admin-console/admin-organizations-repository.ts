import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { afterCursor, containsPattern, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { organizations, orgMemberships, deviceInventory, providerCertifications, assignments, orders } = schema;

/**
 * Provider and customer organisations for the admin lists: a keyset page on
 * organizations_type_created_idx (the name search may use the trigram index instead), then the
 * figures of that page's organisations only.
 */
export async function listOrganizationPage(
  db: TExecutor,
  options: {
    type: 'customer' | 'provider';
    limit: number;
    cursor?: TCursor | undefined;
    q?: string | undefined;
    status?: string | undefined;
  },
) {
  return db
    .select({ organization: organizations, cursorAt: cursorKey(organizations.createdAt) })
    .from(organizations)
    .where(
      and(
        eq(organizations.type, options.type),
        options.status ? eq(organizations.status, options.status) : undefined,
        options.q ? sql`${organizations.name} ilike ${containsPattern(options.q)}` : undefined,
        afterCursor(organizations, options.cursor),
      ),
    )
    .orderBy(...newestFirst(organizations.createdAt, organizations.id))
    .limit(options.limit);
}

export async function memberCounts(db: TExecutor, orgIds: readonly string[]) {
  if (orgIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ orgId: orgMemberships.orgId, n: count() })
    .from(orgMemberships)
    .where(inArray(orgMemberships.orgId, [...orgIds]))
    .groupBy(orgMemberships.orgId);
  return new Map(rows.map((row) => [row.orgId, Number(row.n)]));
}

/** The devices and certifications of the page's organisations, newest first. */
export async function devicesAndCertifications(db: TExecutor, orgIds: readonly string[]) {
  if (orgIds.length === 0) return { devices: [], certifications: [] };
  const devices = await db
    .select()
    .from(deviceInventory)
    .where(inArray(deviceInventory.orgId, [...orgIds]))
    .orderBy(desc(deviceInventory.createdAt), desc(deviceInventory.id));
  const certifications = await db
    .select()
    .from(providerCertifications)
    .where(inArray(providerCertifications.orgId, [...orgIds]))
    .orderBy(desc(providerCertifications.createdAt), desc(providerCertifications.id));
  return { devices, certifications };
}

/** Offers per provider and how they ended (all time). */
export async function offerCounts(db: TExecutor, orgIds: readonly string[]) {
  if (orgIds.length === 0)
    return new Map<string, { offers: number; accepted: number; declined: number; expired: number }>();
  const rows = await db
    .select({
      orgId: assignments.providerOrgId,
      offers: count(),
      accepted: sql<number>`count(*) filter (where ${assignments.accepted} is true)::int`,
      declined: sql<number>`count(*) filter (where ${assignments.accepted} is false)::int`,
      expired: sql<number>`count(*) filter (where ${assignments.status} = 'expired')::int`,
    })
    .from(assignments)
    .where(inArray(assignments.providerOrgId, [...orgIds]))
    .groupBy(assignments.providerOrgId);
  return new Map(
    rows.map((row) => [
      row.orgId,
      {
        offers: Number(row.offers),
        accepted: Number(row.accepted),
        declined: Number(row.declined),
        expired: Number(row.expired),
      },
    ]),
  );
}

/** Orders per customer organisation and when the latest was created (index-only on orders_customer_created_idx). */
export async function orderCounts(db: TExecutor, orgIds: readonly string[]) {
  if (orgIds.length === 0) return new Map<string, { orders: number; lastOrderAt: Date | null }>();
  const rows = await db
    .select({ orgId: orders.customerOrgId, n: count(), last: max(orders.createdAt) })
    .from(orders)
    .where(inArray(orders.customerOrgId, [...orgIds]))
    .groupBy(orders.customerOrgId);
  return new Map(rows.map((row) => [row.orgId, { orders: Number(row.n), lastOrderAt: row.last ?? null }]));
}

/** One organisation of the given type (another type's id is not found). */
export async function findOrganizationOfType(db: TExecutor, id: string, type: 'customer' | 'provider') {
  const [row] = await db
    .select({ organization: organizations })
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.type, type)));
  return row;
}
