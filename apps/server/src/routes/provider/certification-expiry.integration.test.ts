import { randomUUID } from 'node:crypto';
import { CERTIFICATION_EXPIRY_IN_FUTURE } from '@spacecapture/shared/contracts/provider-portal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAdmin, createSignedInUser, errorOf, type TSignedInUser } from '../../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { auditCount } from '../../../test/workflow.ts';

/** A certification submitted for verification must still be valid: a past expiry is refused. */

let t: TTestApp;
let provider: TSignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  const admin = (await createSignedInAdmin(t.app)).client;
  provider = await createSignedInUser(t.app, t.db, admin, {
    role: 'provider_admin',
    organization: { name: `Expiry Scans ${randomUUID().slice(0, 6)}` },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('POST /api/provider/certifications expiry', () => {
  it('refuses an expiry already past under the field and stores nothing', async () => {
    const before = await auditCount(t.db);
    const refused = await provider.client.post('/api/provider/certifications', {
      scope: 'Pro3 operator',
      regions: ['Yorkshire'],
      expiry: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'validation_failed',
      message: CERTIFICATION_EXPIRY_IN_FUTURE,
      fields: { expiry: CERTIFICATION_EXPIRY_IN_FUTURE },
    });
    expect(await auditCount(t.db)).toBe(before);
    const listed = await provider.client.get('/api/provider/certifications');
    expect(listed.json().items).toEqual([]);
  });

  it('accepts a future expiry and none at all, both pending', async () => {
    const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
    for (const expiry of [future, null]) {
      const created = await provider.client.post('/api/provider/certifications', { scope: 'Pro3 operator', expiry });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ status: 'pending', expiry });
    }
  });
});
