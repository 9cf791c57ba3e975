import { notifications } from '@mantine/notifications';
import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import type { TSettings } from '@spacecapture/shared/contracts/admin-console/settings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { button, click, input, json, renderAt, settle, typeInto } from '../../../test/render-at.tsx';
import { SettingsForm } from './settings-form.tsx';

let requests: { method: string; url: string; body: unknown }[];
let answerPut: (body: TSettings['flags']) => Response;

const SETTINGS: TSettings = {
  flags: {
    addressMaskingDefault: true,
    providerAcceptanceDeadlineHours: 48,
    mfaRequiredForAdmins: false,
    autoApproveDeliveries: false,
    autoApproveAfterDays: 7,
    autoOfferCascade: false,
    scheduledStripePayouts: false,
  },
  updatedAt: null,
  editable: {
    addressMaskingDefault: true,
    providerAcceptanceDeadlineHours: true,
    mfaRequiredForAdmins: true,
    autoApproveDeliveries: true,
    autoApproveAfterDays: true,
    autoOfferCascade: true,
    scheduledStripePayouts: true,
  },
};
let current: TSettings;

beforeEach(() => {
  requests = [];
  current = SETTINGS;
  answerPut = (flags) => json(200, { ...current, flags, updatedAt: '2026-11-22T10:00:00.000Z' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = String(init.method ?? 'GET');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, url, body });
    return method === 'PUT' ? answerPut(body) : json(200, current);
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const mount = mountPerTest({ beforeUnmount: () => notifications.clean() });

/** A Mantine switch: a checkbox inside the label that starts with its text (then its description). */
const switchNamed = (label: string) =>
  [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((element) =>
    element.closest('label')?.textContent?.startsWith(label),
  );
const puts = () => requests.filter((request) => request.method === 'PUT');

describe('SettingsForm', () => {
  it('refuses hours outside 1–720 without asking the server, then saves all three flags', async () => {
    renderAt(mount.root, '/admin/settings', <SettingsForm />);
    await settle();
    const hours = input('Provider acceptance deadline (hours)');
    expect(hours?.value).toBe('48');

    typeInto(hours, '0');
    await click(button('Save'));
    expect(mount.container.textContent).toContain(ADMIN_CONSOLE_MESSAGES.deadlineHours);
    expect(puts()).toEqual([]);

    typeInto(input('Provider acceptance deadline (hours)'), '72');
    expect(mount.container.textContent).not.toContain(ADMIN_CONSOLE_MESSAGES.deadlineHours);
    await click(button('Save'));
    await settle();
    expect(puts()).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/settings',
        body: { ...SETTINGS.flags, providerAcceptanceDeadlineHours: 72 },
      },
    ]);
    expect(document.body.textContent).toContain(ADMIN_CONSOLE_MESSAGES.settingsSaved.message);
    expect(mount.container.textContent).toMatch(/Last saved /);
  });

  it("shows the server's refusal under the field it names", async () => {
    answerPut = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'The settings were not saved.',
          fields: { mfaRequiredForAdmins: ADMIN_CONSOLE_MESSAGES.mfaEnrolFirst },
        },
      });
    renderAt(mount.root, '/admin/settings', <SettingsForm />);
    await settle();
    await click(switchNamed('Require two-factor authentication for admins'));
    expect(switchNamed('Require two-factor authentication for admins')?.checked).toBe(true);
    await click(button('Save'));
    await settle();
    expect(puts()[0]?.body).toMatchObject({ mfaRequiredForAdmins: true });
    const mfa = switchNamed('Require two-factor authentication for admins');
    expect(mfa?.closest('label')?.textContent).toContain(ADMIN_CONSOLE_MESSAGES.mfaEnrolFirst);
    expect(document.body.textContent).not.toContain(ADMIN_CONSOLE_MESSAGES.settingsSaved.message);
  });

  it('turns scheduled Stripe payouts on, off by default', async () => {
    renderAt(mount.root, '/admin/settings', <SettingsForm />);
    await settle();
    const scheduled = () => switchNamed('Pay providers by Stripe on a schedule');
    expect(scheduled()?.checked).toBe(false);
    expect(scheduled()?.closest('label')?.textContent).toContain('left for a bank transfer');
    await click(scheduled());
    await click(button('Save'));
    await settle();
    expect(puts()).toEqual([
      { method: 'PUT', url: '/api/admin/settings', body: { ...SETTINGS.flags, scheduledStripePayouts: true } },
    ]);
  });

  it('disables the admins’ two-factor switch for whoever may not change it', async () => {
    current = { ...SETTINGS, editable: { ...SETTINGS.editable, mfaRequiredForAdmins: false } };
    renderAt(mount.root, '/admin/settings', <SettingsForm />);
    await settle();
    expect(switchNamed('Require two-factor authentication for admins')?.disabled).toBe(true);
    expect(switchNamed('Mask addresses until a provider accepts')?.disabled).toBe(false);
    expect(mount.container.textContent).toContain('Only the master admin can change this.');
  });
});
