import { schema, type TExecutor } from '@spacecapture/db/client';
import { asc, eq, sql } from 'drizzle-orm';

const { companyBillingDetails, taxRates, organizationBilling } = schema;

export type TCompanyBillingRow = typeof companyBillingDetails.$inferSelect;
export type TTaxRateRow = typeof taxRates.$inferSelect;
export type TOrganizationBillingRow = typeof organizationBilling.$inferSelect;

export async function findCompanyBilling(db: TExecutor) {
  const [row] = await db.select().from(companyBillingDetails).where(eq(companyBillingDetails.id, 1));
  return row;
}

/** The company's row (id 1), created empty if missing, locked until the transaction ends. */
export async function lockCompanyBilling(tx: TExecutor) {
  await tx.insert(companyBillingDetails).values({ id: 1 }).onConflictDoNothing({ target: companyBillingDetails.id });
  const [row] = await tx.select().from(companyBillingDetails).where(eq(companyBillingDetails.id, 1)).for('update');
  return row!;
}

export async function updateCompanyBilling(
  tx: TExecutor,
  values: Omit<typeof companyBillingDetails.$inferInsert, 'id' | 'updatedAt'>,
) {
  const [row] = await tx
    .update(companyBillingDetails)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companyBillingDetails.id, 1))
    .returning();
  return row!;
}

export async function listTaxRates(db: TExecutor) {
  return db.select().from(taxRates).orderBy(asc(taxRates.country));
}

export async function findTaxRate(db: TExecutor, country: string) {
  const [row] = await db.select().from(taxRates).where(eq(taxRates.country, country));
  return row;
}

/** Replaces every rate (the admin saves the whole table); the caller holds the company row's lock. */
export async function replaceTaxRates(tx: TExecutor, rows: readonly (typeof taxRates.$inferInsert)[]) {
  await tx.delete(taxRates);
  if (rows.length === 0) return [];
  return tx
    .insert(taxRates)
    .values([...rows])
    .returning();
}

export async function findOrganizationBilling(db: TExecutor, organizationId: string) {
  const [row] = await db
    .select()
    .from(organizationBilling)
    .where(eq(organizationBilling.organizationId, organizationId));
  return row;
}

export async function lockOrganizationBilling(tx: TExecutor, organizationId: string) {
  await tx.insert(organizationBilling).values({ organizationId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(organizationBilling)
    .where(eq(organizationBilling.organizationId, organizationId))
    .for('update');
  return row!;
}

export async function updateOrganizationBilling(
  tx: TExecutor,
  organizationId: string,
  values: Omit<
    typeof organizationBilling.$inferInsert,
    'organizationId' | 'updatedAt' | 'monthlyApproved' | 'monthlyApprovedAt' | 'monthlyApprovedBy'
  >,
) {
  const [row] = await tx
    .update(organizationBilling)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(organizationBilling.organizationId, organizationId))
    .returning();
  return row!;
}

export async function setOrganizationMonthlyApproval(
  tx: TExecutor,
  organizationId: string,
  values: Pick<typeof organizationBilling.$inferInsert, 'monthlyApproved' | 'monthlyApprovedAt' | 'monthlyApprovedBy'>,
) {
  const [row] = await tx
    .update(organizationBilling)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(organizationBilling.organizationId, organizationId))
    .returning();
  return row!;
}
