import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInAdmin, createSignedInUser, type TClient, type TSignedInUser } from '../../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';

/**
 * The new provider's checklist (decision 200): the provider and the admins read the same four
 * items, and each moves when the provider (or, for a certification, an admin) records its fact.
 */

let t: TTestApp;
let admin: TClient;
let provider: TSignedInUser;
let customer: TSignedInUser;

const open = (body: { items: { key: string; done: boolean }[] }) =>
  body.items.filter((item) => !item.done).map((item) => item.key);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createSignedInAdmin(t.app)).client;
  provider = await createSignedInUser(t.app, t.db, admin, {
    role: 'provider_admin',
    organization: { name: `Fresh Scans ${randomUUID().slice(0, 6)}` },
  });
  customer = await createSignedInUser(t.app, t.db, admin, {
    role: 'customer_admin',
    organization: { name: `Readiness Customer ${randomUUID().slice(0, 6)}` },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a new provider checklist', () => {
  it('starts with every item to do, and the admin reads the same list', async () => {
    const own = await provider.client.get('/api/provider/readiness');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ ready: false });
    expect(open(own.json())).toEqual(['certification', 'service-base', 'working-hours', 'devices']);
    const seen = await admin.get(`/api/admin/providers/${provider.orgId}/readiness`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual(own.json());
  });

  it('ticks each item as its fact is recorded, the certification only once an admin verifies it', async () => {
    expect(
      (await provider.client.post('/api/provider/devices', { model: 'MEGA', serial: `R-${randomUUID()}` })).statusCode,
    ).toBe(201);
    const base = { label: 'Leeds', lat: 53.7997, lon: -1.5492, radiusKm: 60 };
    const hours = [{ weekday: 1, start: '08:00', end: '17:00' }];
    const saved = await provider.client.request('PUT', '/api/provider/availability', {
      workingHours: hours,
      blockedDates: [],
      jobsPerDay: 2,
      bases: [base],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const requested = await provider.client.post('/api/provider/certifications', { scope: 'Matterport Pro' });
    expect(requested.statusCode, requested.body).toBe(201);

    const pending = (await provider.client.get('/api/provider/readiness')).json();
    expect(open(pending)).toEqual(['certification']);
    expect(pending.items[0].detail).toBe('A certification waits for an admin to verify it.');
    expect(pending.items[1].detail).toBe('Works from Leeds.');

    const verified = await admin.post(`/api/admin/certifications/${requested.json().id}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    const ready = (await admin.get(`/api/admin/providers/${provider.orgId}/readiness`)).json();
    expect(ready.ready).toBe(true);
    expect(open(ready)).toEqual([]);
  });

  it('is the caller organisation’s own for a provider, an admin’s for any provider, and refused to a customer', async () => {
    expect((await customer.client.get('/api/provider/readiness')).statusCode).toBe(403);
    expect((await customer.client.get(`/api/admin/providers/${provider.orgId}/readiness`)).statusCode).toBe(403);
    expect((await provider.client.get(`/api/admin/providers/${provider.orgId}/readiness`)).statusCode).toBe(403);
    const notProvider = await admin.get(`/api/admin/providers/${customer.orgId}/readiness`);
    expect(notProvider.statusCode).toBe(404);
  });
});
