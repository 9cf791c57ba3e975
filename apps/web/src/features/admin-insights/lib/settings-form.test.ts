import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import { AUTO_APPROVE_DAYS_MESSAGE } from '@spacecapture/shared/contracts/admin-console/settings';
import { describe, expect, it } from 'vitest';
import { parseSettingsDraft, settingsFieldErrors } from './settings-form.ts';

const flags = {
  addressMaskingDefault: true,
  mfaRequiredForAdmins: false,
  autoApproveDeliveries: false,
  autoApproveAfterDays: 7,
  autoOfferCascade: false,
  scheduledStripePayouts: false,
};

describe('settings form', () => {
  it('sends whole hours within the limits', () => {
    expect(parseSettingsDraft({ ...flags, providerAcceptanceDeadlineHours: 720 })).toEqual({
      ok: true,
      value: { ...flags, providerAcceptanceDeadlineHours: 720 },
    });
    expect(parseSettingsDraft({ ...flags, providerAcceptanceDeadlineHours: '24' })).toMatchObject({ ok: true });
  });

  it.each([0, 721, 1.5, '', 'abc'])('refuses %j hours with the server message', (hours) => {
    expect(parseSettingsDraft({ ...flags, providerAcceptanceDeadlineHours: hours })).toEqual({
      ok: false,
      errors: { providerAcceptanceDeadlineHours: ADMIN_CONSOLE_MESSAGES.deadlineHours },
    });
  });

  it.each([0, 61, 2.5, ''])('refuses %j days of auto-approval with the server message', (days) => {
    expect(parseSettingsDraft({ ...flags, providerAcceptanceDeadlineHours: 48, autoApproveAfterDays: days })).toEqual({
      ok: false,
      errors: { autoApproveAfterDays: AUTO_APPROVE_DAYS_MESSAGE },
    });
  });

  it('keeps the server field messages that belong to the form', () => {
    expect(
      settingsFieldErrors({ mfaRequiredForAdmins: ADMIN_CONSOLE_MESSAGES.mfaEnrolFirst, surprise: 'Unknown key' }),
    ).toEqual({ mfaRequiredForAdmins: ADMIN_CONSOLE_MESSAGES.mfaEnrolFirst });
  });
});
