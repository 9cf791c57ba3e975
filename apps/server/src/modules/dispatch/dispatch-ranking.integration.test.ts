import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import type { TDispatchRankingResponse } from '@spacecapture/shared/contracts/dispatch';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  addDevice,
  auditOf,
  COMPANY_EMAIL,
  convertedOrder,
  createOrganization,
  orderRow,
} from '../../../test/workflow.ts';
import { createProfileReader, loadRecords } from './dispatch-repository.ts';

/**
 * Dispatch ranking through the API on a real database (decision 125): a set of providers against
 * a placed order with a preferred window, each kept or put out for the reason a dispatcher reads.
 */

const NOW = new Date('2027-03-01T09:00:00Z');
const LEEDS = { lat: 53.7997, lon: -1.5492 };
const YORK = { lat: 53.959, lon: -1.0815 };
const LONDON = { lat: 51.5072, lon: -0.1276 };
// Thursday 4 March 2027, 09:00–13:00 in London (GMT).
const WINDOW = { start: '2027-03-04T09:00:00.000Z', end: '2027-03-04T13:00:00.000Z' };
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '17:00' }));

let t: TTestApp;
let admin: TClient;
let newUser: TNewUser;
let providerAdmin: TSignedInUser;
let customerOrgId: string;
const ids: Record<string, string> = {};

async function insertProvider(
  name: string,
  setup: {
    device?: string | null;
    certificationExpiry?: Date | null;
    base?: { label: string; lat: number; lon: number; radiusKm: number };
    jobsPerDay?: number;
    busy?: { start: string; end: string }[];
    regions?: string[];
  },
) {
  const [org] = await t.db.insert(schema.organizations).values({ name, type: 'provider' }).returning();
  const orgId = org!.id;
  ids[name] = orgId;
  if (setup.device !== null) await addDevice(t.db, orgId, setup.device ?? 'PRO3');
  if (setup.certificationExpiry !== null) {
    await t.db.insert(schema.providerCertifications).values({
      orgId,
      scope: 'Matterport',
      status: 'active',
      regions: setup.regions ?? [],
      expiry: setup.certificationExpiry ?? new Date('2028-01-01T00:00:00Z'),
    });
  }
  if (setup.base) {
    await t.db.insert(schema.providerAvailability).values({
      orgId,
      workingHours: WEEKDAYS,
      blockedDates: [],
      jobsPerDay: setup.jobsPerDay ?? 2,
      bases: [setup.base],
    });
  }
  for (const job of setup.busy ?? []) {
    const [order] = await t.db
      .insert(schema.orders)
      .values({
        title: `${name} job`,
        location: 'Leeds',
        captureType: '3d-model',
        customerOrgId,
        currency: 'GBP',
        status: 'scheduled',
      })
      .returning();
    await t.db.insert(schema.assignments).values({
      orderId: order!.id,
      providerOrgId: orgId,
      status: 'accepted',
      accepted: true,
      respondBy: NOW,
      scheduledStart: new Date(job.start),
      scheduledEnd: new Date(job.end),
    });
  }
  return orgId;
}

async function newOrder() {
  return convertedOrder(t.app, admin, customerOrgId);
}

async function rankingOf(orderId: string) {
  const response = await admin.get(`/api/admin/assignments/ranking?orderId=${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as TDispatchRankingResponse;
  const ours = new Set(Object.values(ids));
  return {
    ranked: body.ranked.filter((provider) => ours.has(provider.id)),
    out: Object.fromEntries(body.out.filter((p) => ours.has(p.id)).map((p) => [p.name, p.reasons])),
    body,
  };
}

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: () => NOW }));
  customerOrgId = (await createOrganization(admin, 'customer', 'Dispatch Customer')).id;
  providerAdmin = await newUser('provider_admin', { name: `Wharfe Scans ${randomUUID().slice(0, 4)}` });
  const leedsBase = { label: 'Leeds', ...LEEDS, radiusKm: 60 };
  await insertProvider('Aire Scans', { base: leedsBase });
  await insertProvider('Ouse Scans', { base: { label: 'York', ...YORK, radiusKm: 60 } });
  await insertProvider('Lapsed Scans', { base: leedsBase, certificationExpiry: new Date('2027-03-02T00:00:00Z') });
  await insertProvider('Thames Scans', { base: { label: 'London', ...LONDON, radiusKm: 50 } });
  await insertProvider('Full Scans', {
    base: leedsBase,
    jobsPerDay: 1,
    busy: [{ start: '2027-03-04T14:00:00.000Z', end: '2027-03-04T15:00:00.000Z' }],
  });
  await insertProvider('Clash Scans', {
    base: leedsBase,
    jobsPerDay: 3,
    busy: [{ start: '2027-03-04T08:30:00.000Z', end: '2027-03-04T12:30:00.000Z' }],
  });
  await insertProvider('Bare Scans', { base: leedsBase, device: null });
  await insertProvider('Kent Scans', { regions: ['Kent'] });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/assignments/ranking', () => {
  it('ranks the providers who can take a placed order and names why each of the others is out', async () => {
    const order = await newOrder();
    const placed = await admin.request('PUT', `/api/admin/orders/${order.id}/place`, {
      place: { label: 'Leeds, West Yorkshire, GB', ...LEEDS, timeZone: 'Europe/London' },
      preferredWindows: [WINDOW],
      accessNotes: 'Ring the bell at the side gate.',
    });
    expect(placed.statusCode, placed.body).toBe(200);

    const { ranked, out, body } = await rankingOf(order.id);
    expect(body.order).toMatchObject({ place: { label: 'Leeds, West Yorkshire, GB' }, preferredWindows: [WINDOW] });
    expect(ranked.map((provider) => [provider.rank, provider.name])).toEqual([
      [1, 'Aire Scans'],
      [2, 'Ouse Scans'],
    ]);
    const [aire, ouse] = ranked;
    expect(aire!.score).toBeGreaterThan(ouse!.score);
    expect(aire!.factors.map((factor) => factor.reason)).toEqual([
      'Any device can do this capture.',
      'Certified, valid until 2028-01-01.',
      '0 km from Leeds, within its 60 km radius.',
      'Free in 1 of 1 preferred window.',
      '0 open jobs of about 10 a week.',
      'No ratings yet.',
      'No offers answered yet.',
      'No deliveries due yet.',
    ]);
    expect(ouse!.factors.find((factor) => factor.factor === 'distance')?.reason).toBe(
      '35 km from York, within its 60 km radius.',
    );
    expect(out).toEqual({
      'Lapsed Scans': ['Certification expired on 2027-03-02, before the job on 2027-03-04.'],
      'Thames Scans': ['272 km from the nearest base (London), beyond its 50 km radius.'],
      'Full Scans': ['Fully booked on 2027-03-04 (1 of 1 jobs).'],
      'Clash Scans': ['Clashes with a confirmed job on 2027-03-04 08:30–12:30.'],
      'Bare Scans': ['No devices registered.'],
      'Kent Scans': ['No service base recorded.'],
    });
  });

  it('puts every provider out of an unplaced order, whatever its regions, and says to set the place', async () => {
    const order = await newOrder();
    const { ranked, out } = await rankingOf(order.id);
    expect(ranked).toEqual([]);
    expect(out['Aire Scans']).toEqual(['Order not placed on the map: set its place to judge distance.']);
    expect(out['Kent Scans']).toEqual(['Order not placed on the map: set its place to judge distance.']);
  });

  it('is for admins: a provider is refused', async () => {
    const order = await newOrder();
    const response = await providerAdmin.client.get(`/api/admin/assignments/ranking?orderId=${order.id}`);
    expect(response.statusCode).toBe(403);
  });
});

describe('createProfileReader', () => {
  const loadProfiles = (db: TTestApp['db'], options: Parameters<ReturnType<typeof createProfileReader>>[0]) =>
    createProfileReader(db)(options);
  const thursday = { from: '2027-03-04T00:00:00.000Z', to: '2027-03-05T00:00:00.000Z' };

  it('lists the first providers by name up to the limit, each with its own confirmed jobs in the range', async () => {
    const all = await loadProfiles(t.db, { now: NOW, limit: 2_000, busy: thursday });
    const names = all.map((profile) => profile.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(await loadProfiles(t.db, { now: NOW, limit: 3, busy: thursday })).toEqual(all.slice(0, 3));
    const busyOf = (name: string) => all.find((profile) => profile.name === name)?.busy;
    expect(busyOf('Clash Scans')).toEqual([{ start: '2027-03-04T08:30:00.000Z', end: '2027-03-04T12:30:00.000Z' }]);
    expect(busyOf('Full Scans')).toEqual([{ start: '2027-03-04T14:00:00.000Z', end: '2027-03-04T15:00:00.000Z' }]);
    expect(busyOf('Aire Scans')).toEqual([]);
    expect(all.find((profile) => profile.name === 'Kent Scans')).toMatchObject({
      deviceModels: ['PRO3'],
      availability: null,
      certifications: [{ status: 'active', expiry: '2028-01-01T00:00:00.000Z' }],
    });
  });

  it('leaves out the jobs outside the range, and every job without one', async () => {
    const nextWeek = { from: '2027-03-11T00:00:00.000Z', to: '2027-03-12T00:00:00.000Z' };
    for (const busy of [nextWeek, null]) {
      const profiles = await loadProfiles(t.db, { now: NOW, limit: 2_000, busy });
      const clash = profiles.find((profile) => profile.name === 'Clash Scans');
      expect(clash?.busy).toEqual([]);
    }
    // A job that ended before now never counts, whatever the range.
    const later = await loadProfiles(t.db, { now: new Date('2027-03-04T13:00:00Z'), limit: 2_000, busy: thursday });
    expect(later.find((profile) => profile.name === 'Clash Scans')?.busy).toEqual([]);
    expect(later.find((profile) => profile.name === 'Full Scans')?.busy).toHaveLength(1);
  });

  it('reads the profiles again after any change to a provider, and only after a committed one', async () => {
    const read = createProfileReader(t.db);
    const options = { now: NOW, limit: 2_000, busy: thursday };
    const aireOf = async () => (await read(options)).find((profile) => profile.name === 'Aire Scans');
    expect((await aireOf())?.deviceModels).toEqual(['PRO3']);

    await addDevice(t.db, ids['Aire Scans']!, 'MEGA');
    expect((await aireOf())?.deviceModels.toSorted()).toEqual(['MEGA', 'PRO3']);
    await t.db
      .update(schema.providerAvailability)
      .set({ jobsPerDay: 4 })
      .where(eq(schema.providerAvailability.orgId, ids['Aire Scans']!));
    expect((await aireOf())?.availability?.jobsPerDay).toBe(4);
    await t.db
      .delete(schema.deviceInventory)
      .where(and(eq(schema.deviceInventory.orgId, ids['Aire Scans']!), eq(schema.deviceInventory.model, 'MEGA')));
    expect((await aireOf())?.deviceModels).toEqual(['PRO3']);
    await t.db
      .update(schema.organizations)
      .set({ status: 'inactive' })
      .where(eq(schema.organizations.id, ids['Aire Scans']!));
    expect(await aireOf()).toBeUndefined();
    await t.db
      .update(schema.organizations)
      .set({ status: 'active' })
      .where(eq(schema.organizations.id, ids['Aire Scans']!));
    await t.db
      .update(schema.providerAvailability)
      .set({ jobsPerDay: 2 })
      .where(eq(schema.providerAvailability.orgId, ids['Aire Scans']!));
    // A change in a transaction that rolls back is not a change.
    expect((await aireOf())?.availability?.jobsPerDay).toBe(2);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(schema.deviceInventory).values({
          orgId: ids['Aire Scans']!,
          model: 'META',
          serial: `SN-${randomUUID()}`,
          capabilities: ['3d-model'],
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await aireOf())?.deviceModels).toEqual(['PRO3']);
  });
});

describe('loadRecords', () => {
  it('counts the open jobs, offers, deliveries and ratings of the providers asked for, and only theirs', async () => {
    const [job] = await t.db
      .select({ orderId: schema.assignments.orderId })
      .from(schema.assignments)
      .where(eq(schema.assignments.providerOrgId, ids['Full Scans']!));
    // Delivered three hours after the scheduled end: on time within the day's grace.
    await t.db.insert(schema.deliverables).values({
      orderId: job!.orderId,
      type: 'model',
      fileLinks: { paths: [] },
      fileName: 'model.obj',
      size: '1000',
      deliveredAt: new Date('2027-03-04T18:00:00Z'),
      createdAt: new Date('2027-03-04T18:00:00Z'),
    });
    await t.db.insert(schema.ratings).values({
      orderId: job!.orderId,
      providerOrgId: ids['Full Scans']!,
      score: 4,
      ratedBy: 'test',
    });

    const asked = [ids['Full Scans']!, ids['Clash Scans']!, ids['Aire Scans']!];
    const records = await loadRecords(t.db, { providerIds: asked, now: NOW, graceHours: 24 });
    expect(Object.fromEntries(records)).toEqual({
      [ids['Full Scans']!]: {
        openJobs: 1,
        offers: { answered: 1, accepted: 1 },
        deliveries: { due: 1, onTime: 1 },
        ratings: { count: 1, sum: 4 },
      },
      [ids['Clash Scans']!]: {
        openJobs: 1,
        offers: { answered: 1, accepted: 1 },
        deliveries: { due: 0, onTime: 0 },
        ratings: { count: 0, sum: 0 },
      },
    });
    const one = await loadRecords(t.db, { providerIds: [ids['Clash Scans']!], now: NOW, graceHours: 24 });
    expect([...one.keys()]).toEqual([ids['Clash Scans']]);
    expect(await loadRecords(t.db, { providerIds: [], now: NOW, graceHours: 24 })).toEqual(new Map());
  });
});

describe('PUT /api/admin/orders/:id/place', () => {
  it('stores the place, windows and access notes with one audit entry', async () => {
    const order = await newOrder();
    const response = await admin.request('PUT', `/api/admin/orders/${order.id}/place`, {
      place: { label: 'York', ...YORK, timeZone: 'Europe/London' },
      preferredWindows: [WINDOW],
      accessNotes: 'Keys at reception.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = await orderRow(t.db, order.id);
    expect(row).toMatchObject({
      place: { label: 'York', ...YORK, timeZone: 'Europe/London' },
      preferredWindows: [WINDOW],
      accessNotes: 'Keys at reception.',
    });
    const audit = await auditOf(t.db, order.id);
    expect(audit.filter((entry) => entry.action === 'set_place')).toHaveLength(1);
  });

  it('refuses a bad place with the field named and changes nothing', async () => {
    const order = await newOrder();
    const response = await admin.request('PUT', `/api/admin/orders/${order.id}/place`, {
      place: { label: 'Nowhere', lat: 91, lon: 0, timeZone: 'Mars/Olympus' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      'place.lat': 'Latitude is a number from -90 to 90.',
      'place.timeZone': 'Choose a time zone such as Europe/London.',
    });
    expect((await orderRow(t.db, order.id))?.place).toBeNull();
  });
});

describe('/api/provider/availability', () => {
  const availability = {
    workingHours: [{ weekday: 1, start: '08:00', end: '16:00' }],
    blockedDates: ['2027-03-08'],
    jobsPerDay: 2,
    bases: [{ label: 'Ilkley', lat: 53.925, lon: -1.822, radiusKm: 40 }],
  };

  it('is empty until saved, then answers what the provider saved, audited', async () => {
    const empty = await providerAdmin.client.get('/api/provider/availability');
    expect(empty.json()).toEqual({ availability: null });
    const saved = await providerAdmin.client.request('PUT', '/api/provider/availability', availability);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ availability });
    expect((await providerAdmin.client.get('/api/provider/availability')).json()).toEqual({ availability });
    const audit = await auditOf(t.db, providerAdmin.orgId);
    expect(audit.some((entry) => entry.entity === 'provider_availability' && entry.action === 'update')).toBe(true);
  });

  it('refuses hours that end before they start and a radius of 0, changing nothing', async () => {
    const response = await providerAdmin.client.request('PUT', '/api/provider/availability', {
      ...availability,
      workingHours: [{ weekday: 2, start: '17:00', end: '09:00' }],
      bases: [{ ...availability.bases[0], radiusKm: 0 }],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toMatchObject({
      'workingHours.0.end': 'Working hours end after they start.',
      'bases.0.radiusKm': 'The radius is from 1 to 500 km.',
    });
    expect((await providerAdmin.client.get('/api/provider/availability')).json()).toEqual({ availability });
  });
});
