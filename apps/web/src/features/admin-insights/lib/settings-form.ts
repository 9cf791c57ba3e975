import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import {
  AUTO_APPROVE_DAYS_MESSAGE,
  type TFeatureFlagValues,
  ZFeatureFlags,
} from '@spacecapture/shared/contracts/admin-console/settings';

/** The form's values: the number fields hold what was typed ('' while empty). */
export type TSettingsDraft = Omit<TFeatureFlagValues, 'providerAcceptanceDeadlineHours' | 'autoApproveAfterDays'> & {
  providerAcceptanceDeadlineHours: number | string;
  autoApproveAfterDays: number | string;
};

function typedNumber(value: number | string) {
  return typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
}

/** The message of a number field the server would refuse, whatever zod's own wording. */
const NUMBER_MESSAGES: Partial<Record<keyof TFeatureFlagValues, string>> = {
  providerAcceptanceDeadlineHours: ADMIN_CONSOLE_MESSAGES.deadlineHours,
  autoApproveAfterDays: AUTO_APPROVE_DAYS_MESSAGE,
};

export type TSettingsFieldErrors = Partial<Record<keyof TFeatureFlagValues, string>>;

/** The flags to send, or the message of each field the server would refuse (same schema as the server). */
export function parseSettingsDraft(
  draft: TSettingsDraft,
): { ok: true; value: TFeatureFlagValues } | { ok: false; errors: TSettingsFieldErrors } {
  const parsed = ZFeatureFlags.safeParse({
    ...draft,
    providerAcceptanceDeadlineHours: typedNumber(draft.providerAcceptanceDeadlineHours),
    autoApproveAfterDays: typedNumber(draft.autoApproveAfterDays),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: TSettingsFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TFeatureFlagValues | undefined;
    if (field && !errors[field]) {
      errors[field] = NUMBER_MESSAGES[field] ?? issue.message;
    }
  }
  return { ok: false, errors };
}

/** Server field messages that belong to a field of this form (others go to a toast). */
export function settingsFieldErrors(fields: Readonly<Record<string, string>>): TSettingsFieldErrors {
  const errors: TSettingsFieldErrors = {};
  for (const key of Object.keys(ZFeatureFlags.shape) as (keyof TFeatureFlagValues)[]) {
    if (fields[key]) errors[key] = fields[key];
  }
  return errors;
}
