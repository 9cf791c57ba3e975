import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, desc, eq } from 'drizzle-orm';

const { organizations, deviceInventory, providerCertifications, providerProfiles } = schema;

/**
 * A provider organisation's devices, certifications and profile. Queries of one organisation's
 * rows take its id and filter by it, so another organisation's row is simply not found.
 */

export type TDeviceRow = typeof deviceInventory.$inferSelect;
export type TCertificationRow = typeof providerCertifications.$inferSelect;

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
// Profiles

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

/** Creates or replaces the organisation's profile; a replaced one is stamped with the caller's clock. */
export async function upsertProfile(tx: TExecutor, values: typeof providerProfiles.$inferInsert, now: Date) {
  const { orgId: _orgId, ...rest } = values;
  const [row] = await tx
    .insert(providerProfiles)
    .values(values)
    .onConflictDoUpdate({ target: providerProfiles.orgId, set: { ...rest, updatedAt: now } })
    .returning();
  return row!;
}
