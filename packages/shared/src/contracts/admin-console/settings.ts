import { z } from 'zod';
import { REVIEW_LIMITS } from '../order-review.ts';
import { ADMIN_CONSOLE_MESSAGES, isoDateTime, SETTINGS_LIMITS } from './common.ts';

export const AUTO_APPROVE_DAYS_MESSAGE = `Enter whole days from ${REVIEW_LIMITS.autoApproveDaysMin} to ${REVIEW_LIMITS.autoApproveDaysMax}.`;

/** GET and PUT /api/admin/settings: the feature flags (spec 001 §3). */

export const ZFeatureFlags = z.object({
  addressMaskingDefault: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }),
  providerAcceptanceDeadlineHours: z
    .number({ error: ADMIN_CONSOLE_MESSAGES.deadlineHours })
    .int(ADMIN_CONSOLE_MESSAGES.deadlineHours)
    .min(SETTINGS_LIMITS.deadlineHoursMin, ADMIN_CONSOLE_MESSAGES.deadlineHours)
    .max(SETTINGS_LIMITS.deadlineHoursMax, ADMIN_CONSOLE_MESSAGES.deadlineHours),
  mfaRequiredForAdmins: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }),
  /** Delivered orders the customer has not answered are approved after autoApproveAfterDays (decision 135). */
  autoApproveDeliveries: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }),
  autoApproveAfterDays: z
    .number({ error: AUTO_APPROVE_DAYS_MESSAGE })
    .int(AUTO_APPROVE_DAYS_MESSAGE)
    .min(REVIEW_LIMITS.autoApproveDaysMin, AUTO_APPROVE_DAYS_MESSAGE)
    .max(REVIEW_LIMITS.autoApproveDaysMax, AUTO_APPROVE_DAYS_MESSAGE),
  /** Offer approved orders down the dispatch ranking by themselves (decision 144). */
  autoOfferCascade: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }),
  /** Pay providers whose Stripe account is ready by a scheduled Stripe payout run, once a day (decision 243). */
  scheduledStripePayouts: z.boolean({ error: ADMIN_CONSOLE_MESSAGES.booleanFlag }),
});
export type TFeatureFlagValues = z.infer<typeof ZFeatureFlags>;

/**
 * PUT replaces the flags (strict: an unknown key is a mistake worth reporting). The flags added
 * later (the auto-approval pair, the auto-offer cascade, scheduled Stripe payouts) may be left out, keeping what is saved
 * (clients written before they existed).
 */
export const ZUpdateSettingsRequest = ZFeatureFlags.extend({
  autoApproveDeliveries: ZFeatureFlags.shape.autoApproveDeliveries.optional(),
  autoApproveAfterDays: ZFeatureFlags.shape.autoApproveAfterDays.optional(),
  autoOfferCascade: ZFeatureFlags.shape.autoOfferCascade.optional(),
  scheduledStripePayouts: ZFeatureFlags.shape.scheduledStripePayouts.optional(),
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
    autoApproveDeliveries: z.boolean(),
    autoApproveAfterDays: z.boolean(),
    autoOfferCascade: z.boolean(),
    scheduledStripePayouts: z.boolean(),
  }),
});
export type TSettings = z.infer<typeof ZSettings>;
