import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import type { TFileCheck } from '@spacecapture/shared/contracts/quality-checks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { uploadWhole } from '../../../test/deliverables.ts';
import { makeGeneratedLas } from '../../../test/las-files.ts';
import { makeImage } from '../../../test/made-files.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, auditOf, COMPANY_EMAIL, createOrganization, orderRow } from '../../../test/workflow.ts';

/**
 * The quality gate (issue 31 part 4, decision 236): each delivered file is checked by a contained
 * worker; the provider sees the outcome per file; Mark delivered is refused while a current file
 * fails, until an admin lets it through with a reason (audited, shown to the provider and on the
 * admin's order page).
 */

const POINTS = 20_000;
let t: TTestApp;
const clock = movableClock();
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let stranger: TSignedInUser;
let orderId: string;
let lasBytes: Buffer;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  provider = await newUser('provider_admin', { name: `Gate Scans ${randomUUID().slice(0, 6)}` });
  stranger = await newUser('provider_admin', { name: `Other Scans ${randomUUID().slice(0, 6)}` });
  const customerOrgId = (await createOrganization(admin, 'customer')).id;
  ({ orderId } = await acceptedJob(t.app, { admin, customerOrgId, provider }, { clock, captureType: 'point-cloud' }));
  lasBytes = await makeGeneratedLas(POINTS);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

async function checkOf(client: TClient, id: string) {
  const files = await client.get(`/api/provider/files?order=${orderId}`);
  expect(files.statusCode, files.body).toBe(200);
  return (files.json().items as { id: string; check: TFileCheck }[]).find((file) => file.id === id)?.check;
}

describe('the quality gate', () => {
  it('passes a LAS on a point-cloud order with its facts, and fails a cut-short LAS and a PNG', async () => {
    const good = await uploadWhole(t.app, provider.client, orderId, 'site-scan.las', lasBytes);
    expect(await checkOf(provider.client, good)).toMatchObject({ state: 'pending', failures: [] });

    // The same file cut short: its header promises points that are not there.
    const broken = await uploadWhole(t.app, provider.client, orderId, 'broken.las', lasBytes.subarray(0, 5_000));
    const picture = await uploadWhole(t.app, provider.client, orderId, 'photo.png', await makeImage('png', 64, 48));
    expect(await t.app.qualityChecks.kick()).toMatchObject({ passed: 0, warned: 1, failed: 2 });

    const passed = await checkOf(provider.client, good);
    // The generated cloud records no coordinate system: a warning, which never blocks.
    expect(passed).toMatchObject({ state: 'warned', failures: [], override: null });
    expect(passed?.warnings.map((warning) => warning.code)).toEqual(['no_crs']);
    expect(passed?.facts).toMatchObject({ format: 'LAS', points: POINTS, coordinateSystem: null, units: null });
    const bounds = passed?.facts.bounds as { min: number[]; max: number[] };
    expect(bounds.max[0]! - bounds.min[0]!).toBeGreaterThan(0);

    const cut = await checkOf(provider.client, broken);
    expect(cut?.state).toBe('failed');
    expect(cut?.failures[0]?.message).toMatch(/ends before its 20,000 points/);

    const png = await checkOf(provider.client, picture);
    expect(png).toMatchObject({ state: 'failed', facts: { format: 'PNG', width: 64, height: 48 } });
    expect(png?.failures).toEqual([
      {
        code: 'does_not_fit',
        message: 'This file does not fit the order: it is an image, and this is a Point Cloud order.',
      },
    ]);

    // Mark delivered is refused, naming the failing files; the order does not move.
    const refused = await provider.client.post(`/api/provider/orders/${orderId}/delivered`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toContain('broken.las, photo.png');
    expect((await orderRow(t.db, orderId))?.status).not.toBe('delivered');

    // A stranger can neither read the checks nor deliver; a provider cannot override.
    expect((await stranger.client.get(`/api/provider/files?order=${orderId}`)).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/provider/orders/${orderId}/delivered`)).statusCode).toBe(404);
    const notAdmin = await provider.client.post(`/api/admin/files/${broken}/check-override`, { reason: 'Fine' });
    expect(notAdmin.statusCode).toBe(403);

    // An override needs a reason, and only a failed check can be overridden.
    const empty = await admin.post(`/api/admin/files/${broken}/check-override`, { reason: '  ' });
    expect(empty.statusCode, empty.body).toBe(400);
    const notFailed = await admin.post(`/api/admin/files/${good}/check-override`, { reason: 'Fine' });
    expect(notFailed.statusCode, notFailed.body).toBe(409);
    const unknown = await admin.post(`/api/admin/files/${randomUUID()}/check-override`, { reason: 'Fine' });
    expect(unknown.statusCode, unknown.body).toBe(404);

    // One file let through: the other still blocks.
    const reason = 'The customer asked for the site photo with the scan.';
    const overridden = await admin.post(`/api/admin/files/${picture}/check-override`, { reason });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json()).toMatchObject({ state: 'failed', override: { reason } });
    const stillRefused = await provider.client.post(`/api/provider/orders/${orderId}/delivered`);
    expect(stillRefused.statusCode).toBe(409);
    expect(stillRefused.json().error.message).toContain('broken.las');
    expect(stillRefused.json().error.message).not.toContain('photo.png');

    const second = await admin.post(`/api/admin/files/${broken}/check-override`, {
      reason: 'The full scan follows in the next round.',
    });
    expect(second.statusCode, second.body).toBe(200);
    // The provider sees the override beside the file, and the admin's order page shows it.
    expect((await checkOf(provider.client, picture))?.override?.reason).toBe(reason);
    const detail = await admin.get(`/api/admin/orders/${orderId}`);
    expect(detail.statusCode).toBe(200);
    const listed = (detail.json().deliverables as { id: string; check: TFileCheck }[]).find((f) => f.id === picture);
    expect(listed?.check.override?.reason).toBe(reason);
    const audit = await auditOf(t.db, picture);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entity: 'deliverable',
          action: 'override_check',
          after: expect.objectContaining({ overrideReason: reason }),
        }),
      ]),
    );

    const delivered = await provider.client.post(`/api/provider/orders/${orderId}/delivered`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await orderRow(t.db, orderId))?.status).toBe('delivered');
    const rows = await t.db
      .select()
      .from(schema.deliverableChecks)
      .where(eq(schema.deliverableChecks.deliverableId, broken));
    expect(rows[0]?.overrideBy).toBeTruthy();
  }, 120_000);
});
