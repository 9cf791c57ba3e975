import { schema } from '@spacecapture/db/client';
import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createSignedInAdmin, errorOf, type TClient, uniqueAddress } from '../../../test/accounts.ts';
import { createSignedInPlainAdmin } from '../../../test/admin-console.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

const SETTINGS = '/api/admin/settings';
const DEFAULTS = {
  addressMaskingDefault: true,
  providerAcceptanceDeadlineHours: 48,
  mfaRequiredForAdmins: false,
  autoApproveDeliveries: false,
  autoApproveAfterDays: 7,
  autoOfferCascade: false,
  scheduledStripePayouts: false,
};

let t: TTestApp;
let master: TClient;
let masterId: string;
let plain: TClient;

async function settingsAudit() {
  return t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, 'feature_flags'), eq(schema.auditLog.entityId, '1')))
    .orderBy(asc(schema.auditLog.ts), asc(schema.auditLog.id));
}

function put(client: TClient, body: unknown) {
  return client.request('PUT', SETTINGS, body);
}

async function setTwoFactor(userId: string, enabled: boolean) {
  await t.db.update(schema.user).set({ twoFactorEnabled: enabled }).where(eq(schema.user.id, userId));
}

beforeAll(async () => {
  t = await createTestApp();
  master = (await createSignedInAdmin(t.app)).client;
  masterId = (await master.me()).body.user.id;
  plain = (await createSignedInPlainAdmin(t.app, t.db)).client;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/settings', () => {
  it('shows the defaults until an admin saves, and what the caller may change', async () => {
    const response = await master.get(SETTINGS);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      flags: DEFAULTS,
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
    });
    expect((await plain.get(SETTINGS)).json().editable.mfaRequiredForAdmins).toBe(false);
  });
});

describe('PUT /api/admin/settings', () => {
  it('saves a change with exactly one audit entry holding before and after', async () => {
    const changed = { ...DEFAULTS, addressMaskingDefault: false, providerAcceptanceDeadlineHours: 72 };
    const response = await put(master, changed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().flags).toEqual(changed);
    expect(response.json().updatedAt).toEqual(expect.any(String));
    expect((await master.get(SETTINGS)).json().flags).toEqual(changed);
    const rows = await t.db.select().from(schema.featureFlags);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, addressMaskingDefault: false, providerAcceptanceDeadlineHours: 72 });

    const audit = await settingsAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      actorUserId: masterId,
      before: DEFAULTS,
      after: { ...changed, changed: ['addressMaskingDefault', 'providerAcceptanceDeadlineHours'] },
    });
  });

  it('writes nothing when nothing changes', async () => {
    const before = await settingsAudit();
    const current = (await master.get(SETTINGS)).json().flags;
    const response = await put(master, current);
    expect(response.statusCode).toBe(200);
    expect(await settingsAudit()).toHaveLength(before.length);
  });

  it('refuses invalid values with a message per field and changes nothing', async () => {
    const before = await settingsAudit();
    const current = (await master.get(SETTINGS)).json().flags;
    const cases: [unknown, string][] = [
      [{ ...current, providerAcceptanceDeadlineHours: 0 }, 'providerAcceptanceDeadlineHours'],
      [{ ...current, providerAcceptanceDeadlineHours: 721 }, 'providerAcceptanceDeadlineHours'],
      [{ ...current, providerAcceptanceDeadlineHours: 1.5 }, 'providerAcceptanceDeadlineHours'],
      [{ ...current, providerAcceptanceDeadlineHours: '48' }, 'providerAcceptanceDeadlineHours'],
      [{ ...current, addressMaskingDefault: 'yes' }, 'addressMaskingDefault'],
      [{ addressMaskingDefault: true, providerAcceptanceDeadlineHours: 48 }, 'mfaRequiredForAdmins'],
    ];
    for (const [body, field] of cases) {
      const response = await put(master, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {})).toContain(field);
    }
    const hours = errorOf(await put(master, { ...current, providerAcceptanceDeadlineHours: 0 }));
    expect(hours.fields?.providerAcceptanceDeadlineHours).toBe(ADMIN_CONSOLE_MESSAGES.deadlineHours);
    expect((await put(master, { ...current, surprise: true })).statusCode).toBe(400);
    expect((await put(master, { ...current, providerAcceptanceDeadlineHours: 1 })).statusCode).toBe(200);
    expect((await put(master, { ...current, providerAcceptanceDeadlineHours: 720 })).statusCode).toBe(200);
    expect(await settingsAudit()).toHaveLength(before.length + 2);
  });

  it('lets an admin change the other flags but not the MFA requirement', async () => {
    const current = (await plain.get(SETTINGS)).json().flags;
    const before = await settingsAudit();
    const masking = await put(plain, { ...current, addressMaskingDefault: !current.addressMaskingDefault });
    expect(masking.statusCode, masking.body).toBe(200);
    const mfa = await put(plain, { ...current, mfaRequiredForAdmins: true });
    expect(mfa.statusCode).toBe(403);
    expect(errorOf(mfa)).toEqual({
      code: 'forbidden',
      message: ADMIN_CONSOLE_MESSAGES.mfaMasterOnly,
      fields: { mfaRequiredForAdmins: ADMIN_CONSOLE_MESSAGES.mfaMasterOnly },
    });
    expect(await settingsAudit()).toHaveLength(before.length + 1);
    expect((await master.get(SETTINGS)).json().flags.mfaRequiredForAdmins).toBe(false);
  });

  it('lets the master admin require MFA once their own second factor is set up', async () => {
    const current = (await master.get(SETTINGS)).json().flags;
    const refused = await put(master, { ...current, mfaRequiredForAdmins: true });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ mfaRequiredForAdmins: ADMIN_CONSOLE_MESSAGES.mfaEnrolFirst });

    await setTwoFactor(masterId, true);
    const saved = await put(master, { ...current, mfaRequiredForAdmins: true });
    expect(saved.statusCode, saved.body).toBe(200);
    // From now on an admin without a second factor is sent to enrol before using the portal.
    const blocked = await plain.get(SETTINGS);
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked).code).toBe('mfa_required');
    const off = await put(master, { ...current, mfaRequiredForAdmins: false });
    expect(off.statusCode).toBe(200);
    expect((await plain.get(SETTINGS)).statusCode).toBe(200);
    await setTwoFactor(masterId, false);
  });

  it('applies two saves at once one after the other, each audited against the other', async () => {
    const current = (await master.get(SETTINGS)).json().flags;
    const before = await settingsAudit();
    const [a, b] = await Promise.all([
      put(master, { ...current, providerAcceptanceDeadlineHours: 10 }),
      put(plain, { ...current, providerAcceptanceDeadlineHours: 20 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const added = (await settingsAudit()).slice(before.length);
    expect(added).toHaveLength(2);
    // Whichever saved second saw what the first left (its before is the first's after).
    const hours = (flags: unknown) =>
      (flags as { providerAcceptanceDeadlineHours: number }).providerAcceptanceDeadlineHours;
    const [x, y] = added as [(typeof added)[number], (typeof added)[number]];
    const chained = hours(y.before) === hours(x.after) || hours(x.before) === hours(y.after);
    expect(chained).toBe(true);
    expect(new Set(added.map((entry) => hours(entry.after)))).toEqual(new Set([10, 20]));
  });

  it('is 401 without a session', async () => {
    const anonymous = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await anonymous.get(SETTINGS)).statusCode).toBe(401);
    expect((await anonymous.request('PUT', SETTINGS, DEFAULTS)).statusCode).toBe(401);
  });
});

describe('auto-approval settings (decision 135)', () => {
  it('keeps the saved auto-approval when a client leaves it out, and refuses days outside 1–60', async () => {
    const on = await put(master, { ...DEFAULTS, autoApproveDeliveries: true, autoApproveAfterDays: 3 });
    expect(on.statusCode, on.body).toBe(200);
    const { autoApproveDeliveries: _on, autoApproveAfterDays: _days, ...older } = DEFAULTS;
    const kept = await put(master, { ...older, providerAcceptanceDeadlineHours: 49 });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().flags).toMatchObject({ autoApproveDeliveries: true, autoApproveAfterDays: 3 });
    for (const days of [0, 61, 2.5]) {
      expect((await put(master, { ...DEFAULTS, autoApproveAfterDays: days })).statusCode).toBe(400);
    }
    expect((await put(master, DEFAULTS)).statusCode).toBe(200);
  });
});
