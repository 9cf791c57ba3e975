import { afterCommit } from '@spacecapture/db/after-commit';
import { schema, type TExecutor } from '@spacecapture/db/client';
import { eq, sql } from 'drizzle-orm';

const { featureFlags } = schema;

export type TFeatureFlagsRow = typeof featureFlags.$inferSelect;

export async function findFeatureFlagsRow(db: TExecutor) {
  const [row] = await db.select().from(featureFlags).where(eq(featureFlags.id, 1));
  return row;
}

/**
 * The settings row (id 1), created with the defaults if it does not exist yet, locked until the
 * transaction ends: two admins saving at once apply one after the other, each audited against
 * what the other left.
 */
export async function lockFeatureFlagsRow(tx: TExecutor): Promise<TFeatureFlagsRow> {
  await tx.insert(featureFlags).values({ id: 1 }).onConflictDoNothing({ target: featureFlags.id });
  const [row] = await tx.select().from(featureFlags).where(eq(featureFlags.id, 1)).for('update');
  return row!;
}

/** Told after the commit of a settings save: a worker a setting turns on may start at once. */
export const SETTINGS_SAVED = 'settings:saved';

export async function updateFeatureFlagsRow(
  tx: TExecutor,
  values: Pick<
    TFeatureFlagsRow,
    | 'addressMaskingDefault'
    | 'providerAcceptanceDeadlineHours'
    | 'mfaRequiredForAdmins'
    | 'autoApproveDeliveries'
    | 'autoApproveAfterDays'
    | 'autoOfferCascade'
    | 'scheduledStripePayouts'
  >,
) {
  const [row] = await tx
    .update(featureFlags)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(featureFlags.id, 1))
    .returning();
  afterCommit(tx, SETTINGS_SAVED);
  return row!;
}

/** Saves the tour hosts (decision 233) on the locked row. */
export async function updateTourHostsRow(tx: TExecutor, hosts: { host: string; embeddable: boolean }[]) {
  const [row] = await tx
    .update(featureFlags)
    .set({ tourHosts: hosts, updatedAt: sql`now()` })
    .where(eq(featureFlags.id, 1))
    .returning();
  afterCommit(tx, SETTINGS_SAVED);
  return row!;
}
