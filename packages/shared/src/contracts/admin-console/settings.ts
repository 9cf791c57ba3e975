import { z } from 'zod';
import { ADMIN_CONSOLE_MESSAGES, isoDateTime, SETTINGS_LIMITS } from './common.ts';

/** GET and PUT /api/admin/settings: the feature flags (spec 001 §3). */

export const ZFeatureFlags = z.object({
  addressMaskingDefault: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }),
  providerAcceptanceDeadlineHours: z
    .number({ error: ADMIN_CONSOLE_MESSAGES.deadlineHours })
    .int(ADMIN_CONSOLE_MESSAGES.deadlineHours)
    .min(SETTINGS_LIMITS.deadlineHoursMin, ADMIN_CONSOLE_MESSAGES.deadlineHours)
    .max(SETTINGS_LIMITS.deadlineHoursMax, ADMIN_CONSOLE_MESSAGES.deadlineHours),
  mfaRequiredForAdmins: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }),
  /** Offer approved orders down the dispatch ranking by themselves (decision 144). */
  autoOfferCascade: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }),
});
export type TFeatureFlagValues = z.infer<typeof ZFeatureFlags>;

/**
 * PUT replaces the flags (strict: an unknown key is a mistake worth reporting); the auto-offer
 * flag, added later, keeps its value when left out.
 */
export const ZUpdateSettingsRequest = ZFeatureFlags.extend({
  autoOfferCascade: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }).optional(),
}).strict();
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;

export const ZSettings = z.object({
  flags: ZFeatureFlags,
  /** When an admin last saved them; null while the defaults apply. */
  updatedAt: isoDateTime.nullable(),
  /** Whether the caller may change each flag (mfaRequiredForAdmins: master admin only). */
  editable: z.object({
    addressMaskingDefault: z.boolean(),
    providerAcceptanceDeadlineHours: z.boolean(),
    mfaRequiredForAdmins: z.boolean(),
    autoOfferCascade: z.boolean(),
  }),
});
export type TSettings = z.infer<typeof ZSettings>;
