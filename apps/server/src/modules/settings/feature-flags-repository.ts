import { schema, type TExecutor } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';

export type TFeatureFlags = {
  addressMaskingDefault: boolean;
  providerAcceptanceDeadlineHours: number;
  mfaRequiredForAdmins: boolean;
  autoApproveDeliveries: boolean;
  autoApproveAfterDays: number;
  autoOfferCascade: boolean;
  scheduledStripePayouts: boolean;
};

export const DEFAULT_FEATURE_FLAGS: TFeatureFlags = {
  addressMaskingDefault: true,
  providerAcceptanceDeadlineHours: 48,
  mfaRequiredForAdmins: false,
  autoApproveDeliveries: false,
  autoApproveAfterDays: 7,
  autoOfferCascade: false,
  scheduledStripePayouts: false,
};

/** The single row of settings; until an admin saves one, the defaults apply. */
export async function readFeatureFlags(db: TExecutor): Promise<TFeatureFlags> {
  const [row] = await db.select().from(schema.featureFlags).where(eq(schema.featureFlags.id, 1));
  if (!row) return DEFAULT_FEATURE_FLAGS;
  return {
    addressMaskingDefault: row.addressMaskingDefault,
    providerAcceptanceDeadlineHours: row.providerAcceptanceDeadlineHours,
    mfaRequiredForAdmins: row.mfaRequiredForAdmins,
    autoApproveDeliveries: row.autoApproveDeliveries,
    autoApproveAfterDays: row.autoApproveAfterDays,
    autoOfferCascade: row.autoOfferCascade,
    scheduledStripePayouts: row.scheduledStripePayouts,
  };
}
