import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { schema } from '@spacecapture/db/client';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { uploadWhole } from '../../../test/deliverables.ts';
import { writeGeneratedLas } from '../../../test/las-files.ts';
import { makeImage } from '../../../test/made-files.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { makeE57, TWO_SCANS, writeGeneratedLaz, writeGeneratedPly } from '../../../test/point-files.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, COMPANY_EMAIL, createOrganization } from '../../../test/workflow.ts';

/**
 * Point clouds become streaming trees after upload (issue 31, decision 226): a provider uploads a
 * LAS file, the worker converts it in a contained child with its progress recorded on the file,
 * and both parties and the admins then see the tree's link; its files are served by that link,
 * with Range, and to nobody without it. LAZ, PLY and E57 are converted the same way (decision 244). Other kinds get
 * no tree; a file the converter cannot read says why.
 */

const POINTS = 300_000;
let t: TTestApp;
const clock = movableClock();
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let customer: TSignedInUser;
let otherCustomer: TSignedInUser;
let orderId: string;
let lasBytes: Buffer;
let lazBytes: Buffer;
let plyBytes: Buffer;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  provider = await newUser('provider_admin', { name: `Tree Scans ${randomUUID().slice(0, 6)}` });
  const customerOrgId = (await createOrganization(admin, 'customer')).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
  otherCustomer = await newUser('customer_admin', { id: (await createOrganization(admin, 'customer')).id });
  ({ orderId } = await acceptedJob(t.app, { admin, customerOrgId, provider }, { clock }));
  const file = path.join(os.tmpdir(), `tree-upload-${randomUUID()}.las`);
  await writeGeneratedLas(file, POINTS);
  lasBytes = await readFile(file);
  await writeGeneratedLaz(file, 120_000);
  lazBytes = await readFile(file);
  await writeGeneratedPly(file, 150_000, { encoding: 'binary_little_endian' });
  plyBytes = await readFile(file);
  await rm(file);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

async function providerTree(id: string) {
  const files = await provider.client.get(`/api/provider/files?order=${orderId}`);
  expect(files.statusCode, files.body).toBe(200);
  return (files.json().items as { id: string; pointTree: TPointTree }[]).find((file) => file.id === id)?.pointTree;
}

async function customerTree(id: string) {
  const detail = await customer.client.get(`/api/customer/orders/${orderId}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return (detail.json().deliverables as { id: string; pointTree: TPointTree }[]).find((file) => file.id === id)
    ?.pointTree;
}

/** The tree as the admin console's order history lists it (and the admin's viewer streams it). */
async function adminTree(id: string) {
  const detail = await admin.get(`/api/admin/orders/${orderId}`);
  expect(detail.statusCode, detail.body).toBe(200);
  return (detail.json().deliverables as { id: string; pointTree: TPointTree }[]).find((file) => file.id === id)
    ?.pointTree;
}

const treeRow = async (id: string) =>
  (await t.db.select().from(schema.deliverables).where(eq(schema.deliverables.id, id)))[0];

describe('point-cloud trees', () => {
  it('converts an uploaded LAS with progress both parties and the admins see, then serves the tree by its link', async () => {
    const id = await uploadWhole(t.app, provider.client, orderId, 'site-scan.las', lasBytes);
    const waiting = { state: 'pending', percent: 0, url: null, error: null };
    expect(await providerTree(id)).toEqual(waiting);
    expect(await customerTree(id)).toEqual(waiting);
    expect(await adminTree(id)).toEqual(waiting);

    // The progress recorded while the child works, as the portals read it.
    const seen: number[] = [];
    let finished = false;
    const pass = t.app.pointTrees.kick().finally(() => {
      finished = true;
    });
    while (!finished) {
      const row = await treeRow(id);
      if (row?.treeState === 'converting') seen.push(row.treePercent);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await pass).toEqual({ ready: 1, none: 0, failed: 0 });
    expect(
      seen.some((percent) => percent > 0 && percent < 100),
      seen.join(','),
    ).toBe(true);
    expect(seen.every((percent, at) => at === 0 || percent >= seen[at - 1]!)).toBe(true);

    const ready = await customerTree(id);
    expect(ready).toMatchObject({ state: 'ready', percent: 100, error: null });
    expect(ready?.url).toMatch(/^\/api\/point-trees\/[^/]+\/ept\.json$/);
    expect((await providerTree(id))?.state).toBe('ready');
    const eptUrl = String(ready?.url);
    // The admin's viewer is handed the same signed link (its expiry rounded to the hour).
    expect(await adminTree(id)).toEqual(ready);
    const base = eptUrl.replace(/ept\.json$/, '');

    // The tree, read as a viewer reads it: ept.json, the hierarchy, every node.
    const ept = await t.app.inject({ method: 'GET', url: eptUrl });
    expect(ept.statusCode, ept.body).toBe(200);
    expect(ept.headers['content-type']).toMatch(/^application\/json/);
    expect(ept.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(ept.json()).toMatchObject({ points: POINTS, dataType: 'binary', hierarchyType: 'json' });
    const hierarchy = await t.app.inject({ method: 'GET', url: `${base}ept-hierarchy/0-0-0-0.json` });
    expect(hierarchy.statusCode).toBe(200);
    const counts = hierarchy.json() as Record<string, number>;
    expect(Object.keys(counts).length).toBeGreaterThan(1);
    let total = 0;
    for (const [key, count] of Object.entries(counts)) {
      if (count === 0) continue;
      const node = await t.app.inject({ method: 'GET', url: `${base}ept-data/${key}.bin` });
      expect(node.statusCode, key).toBe(200);
      expect(node.rawPayload.length).toBe(count * 21);
      total += count;
    }
    expect(total).toBe(POINTS);
    // A node by Range, as a viewer may ask for part of one.
    const part = await t.app.inject({
      method: 'GET',
      url: `${base}ept-data/0-0-0-0.bin`,
      headers: { range: 'bytes=0-20' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(21);
    expect(part.headers['content-range']).toMatch(/^bytes 0-20\/\d+$/);

    // The original stays the download, unchanged.
    const link = await customer.client.post(`/api/customer/deliverables/${id}/link`);
    expect(link.statusCode, link.body).toBe(200);
    const original = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(original.rawPayload.equals(lasBytes)).toBe(true);

    // Nobody without the link: another customer does not see the order; a forged or altered
    // link, or a name outside the tree, opens nothing.
    const stranger = await otherCustomer.client.get(`/api/customer/orders/${orderId}`);
    expect(stranger.statusCode).toBe(404);
    const token = base.split('/')[3] as string;
    const at = token.length - 10;
    const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/point-trees/${tampered}/ept.json` })).statusCode).toBe(403);
    const otherId = `${randomUUID()}${token.slice(36)}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/point-trees/${otherId}/ept.json` })).statusCode).toBe(403);
    for (const name of ['source.las', '..%2F..%2Fsite-scan.las', 'ept-data/0-0-0-0.las', 'ept-data/9-9-9-9.bin']) {
      const refused = await t.app.inject({ method: 'GET', url: `${base}${name}` });
      expect(refused.statusCode, name).toBe(404);
    }
  }, 120_000);

  it('makes no tree of other kinds, and tells the provider and the admins why a LAS could not be converted', async () => {
    const image = await uploadWhole(t.app, provider.client, orderId, 'floor.png', await makeImage('png', 64, 64));
    const broken = await uploadWhole(
      t.app,
      provider.client,
      orderId,
      'broken.las',
      Buffer.concat([Buffer.from('LASF'), Buffer.alloc(100)]),
    );
    expect(await t.app.pointTrees.kick()).toEqual({ ready: 0, none: 1, failed: 1 });
    expect(await providerTree(image)).toEqual({ state: 'none', percent: 0, url: null, error: null });
    expect(await providerTree(broken)).toMatchObject({
      state: 'failed',
      url: null,
      error: 'The LAS header is cut short.',
    });
    // The customer sees that no streaming tree exists (the viewer keeps reading the file itself).
    expect((await customerTree(broken))?.url).toBeNull();
    // Admins support the provider, so they read the same reason, and that an image has no tree.
    expect(await adminTree(broken)).toEqual(await providerTree(broken));
    expect(await adminTree(image)).toEqual({ state: 'none', percent: 0, url: null, error: null });
    // Nothing is left to do.
    expect(await t.app.pointTrees.kick()).toEqual({ ready: 0, none: 0, failed: 0 });
  }, 60_000);

  it('converts LAZ, PLY and E57 uploads the same way, and tells the provider why a damaged E57 was not', async () => {
    // Two floors of 70,000 and 50,000 points: more than one node's worth; the second stored as a
    // terrestrial scanner often exports it, in spherical coordinates.
    const e57Bytes = makeE57([
      { ...TWO_SCANS[0]!, count: 70_000 },
      { ...TWO_SCANS[1]!, count: 50_000, spherical: true },
    ]);
    const damagedE57 = Buffer.from(e57Bytes);
    damagedE57[3 * 1024 + 10]! ^= 0x01;
    const uploads = {
      laz: { id: await uploadWhole(t.app, provider.client, orderId, 'drone.laz', lazBytes), points: 120_000 },
      ply: { id: await uploadWhole(t.app, provider.client, orderId, 'stairs.ply', plyBytes), points: 150_000 },
      e57: {
        id: await uploadWhole(t.app, provider.client, orderId, 'floors.e57', e57Bytes),
        points: 120_000 - Math.floor(50_000 / 97),
      },
    };
    const damaged = await uploadWhole(t.app, provider.client, orderId, 'damaged.e57', damagedE57);
    expect(await t.app.pointTrees.kick()).toEqual({ ready: 3, none: 0, failed: 1 });

    for (const [kind, { id, points }] of Object.entries(uploads)) {
      const tree = await customerTree(id);
      expect(tree, kind).toMatchObject({ state: 'ready', percent: 100, error: null });
      const base = String(tree?.url).replace(/ept\.json$/, '');
      const ept = await t.app.inject({ method: 'GET', url: String(tree?.url) });
      expect(ept.statusCode, kind).toBe(200);
      expect(ept.json(), kind).toMatchObject({ points, dataType: 'binary' });
      const recordSize = (ept.json().schema as { size: number }[]).reduce((sum, entry) => sum + entry.size, 0);
      const counts = (await t.app.inject({ method: 'GET', url: `${base}ept-hierarchy/0-0-0-0.json` })).json() as Record<
        string,
        number
      >;
      expect(Object.keys(counts).length, kind).toBeGreaterThan(1);
      let total = 0;
      for (const [key, count] of Object.entries(counts)) {
        if (count === 0) continue;
        const node = await t.app.inject({ method: 'GET', url: `${base}ept-data/${key}.bin` });
        expect(node.rawPayload.length, `${kind} ${key}`).toBe(count * recordSize);
        total += count;
      }
      expect(total, kind).toBe(points);
    }

    // The damaged file keeps no tree; the provider reads why, and it stays the download.
    expect(await providerTree(damaged)).toEqual({
      state: 'failed',
      percent: expect.any(Number),
      url: null,
      error: 'The E57 file is damaged: page 4 fails its checksum (at byte 3072).',
    });
    const link = await customer.client.post(`/api/customer/deliverables/${damaged}/link`);
    expect(link.statusCode, link.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: link.json().url })).rawPayload.equals(damagedE57)).toBe(true);
  }, 120_000);
});
