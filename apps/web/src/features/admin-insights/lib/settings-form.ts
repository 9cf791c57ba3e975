import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import { type TFeatureFlagValues, ZFeatureFlags } from '@spacecapture/shared/contracts/admin-console/settings';

/** The form's values: the hours field holds what was typed ('' while empty). */
export type TSettingsDraft = Omit<TFeatureFlagValues, 'providerAcceptanceDeadlineHours'> & {
  providerAcceptanceDeadlineHours: number | string;
};

export type TSettingsFieldErrors = Partial<Record<keyof TFeatureFlagValues, string>>;

/** The flags to send, or the message of each field the server would refuse (same schema as the server). */
export function parseSettingsDraft(
  draft: TSettingsDraft,
): { ok: true; value: TFeatureFlagValues } | { ok: false; errors: TSettingsFieldErrors } {
  const hours = draft.providerAcceptanceDeadlineHours;
  const parsed = ZFeatureFlags.safeParse({
    ...draft,
    providerAcceptanceDeadlineHours:
      typeof hours === 'number' ? hours : hours.trim() === '' ? Number.NaN : Number(hours),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: TSettingsFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TFeatureFlagValues | undefined;
    if (field && !errors[field]) {
      errors[field] =
        field === 'providerAcceptanceDeadlineHours' ? ADMIN_CONSOLE_MESSAGES.deadlineHours : issue.message;
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
