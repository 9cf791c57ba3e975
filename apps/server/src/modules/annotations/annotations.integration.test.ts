import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import type { TAnnotation, TAnnotationList } from '@spacecapture/shared/contracts/annotations';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TSignedInUser } from '../../../test/accounts.ts';
import { storeDeliverable } from '../../../test/deliverables.ts';
import { makeGeneratedLas } from '../../../test/las-files.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, auditOf } from '../../../test/workflow.ts';

/**
 * Annotations on a point cloud (issue 31 part 3, decisions 240 and 241): kept on the server,
 * shared with the order's people (customer organisation, the provider holding the job, admins),
 * written by their author, audited, told to the other party, and exported in the file's
 * coordinate system. Another organisation's file or annotation is not found.
 */

let t: TTestApp;
const clock = movableClock();
let admin: TClient;
let customer: TSignedInUser;
let teammate: TSignedInUser;
let provider: TSignedInUser;
let otherProvider: TSignedInUser;
let otherCustomer: TSignedInUser;
let orderId: string;
let fileId: string;
let footFileId: string;

const FLOOR = [
  { x: 512_000, y: 5_402_000, z: 38 },
  { x: 512_004, y: 5_402_000, z: 38 },
  { x: 512_004, y: 5_402_003, z: 38 },
  { x: 512_000, y: 5_402_003, z: 38 },
];

beforeAll(async () => {
  const setup = await createTestAppWithAdmin({ clock: clock.now });
  ({ t, admin } = setup);
  const { newUser } = setup;
  const tag = randomUUID().slice(0, 6);
  customer = await newUser('customer_admin', { name: `Annotating Customer ${tag}` });
  teammate = await newUser('customer_user', { id: customer.orgId });
  provider = await newUser('provider_admin', { name: `Annotating Scans ${tag}` });
  otherProvider = await newUser('provider_admin', { name: `Other Scans ${tag}` });
  otherCustomer = await newUser('customer_admin', { name: `Other Customer ${tag}` });
  const metric = await customer.client.request('PATCH', '/api/customer/organization', { unitSystem: 'metric' });
  expect(metric.statusCode, metric.body).toBe(200);
  ({ orderId } = await acceptedJob(
    t.app,
    { admin, customerOrgId: customer.orgId, provider },
    { clock, captureType: 'point-cloud' },
  ));
  const las = await makeGeneratedLas(2_000);
  fileId = (await storeDeliverable(t.app, orderId, 'site-scan.las', las)).id;
  footFileId = (await storeDeliverable(t.app, orderId, 'survey-ft.las', las)).id;
  // The quality check read this one's coordinate system: in international feet (decision 236).
  await t.db.insert(schema.deliverableChecks).values({
    deliverableId: footFileId,
    state: 'passed',
    facts: { format: 'LAS', coordinateSystem: 'wkt', units: 'foot' },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function annotationRows() {
  const [row] = await t.db.select({ total: count() }).from(schema.fileAnnotations);
  return row?.total ?? 0;
}

async function noticesOf(client: TClient) {
  const response = await client.get('/api/notifications');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as { eventType: string; title: string; body: string; link: string }[];
}

const distance = {
  position: { x: 512_000, y: 5_402_000, z: 38 },
  label: 'Door to window',
  measurement: {
    kind: 'distance',
    points: [
      { x: 512_000, y: 5_402_000, z: 38 },
      { x: 512_003, y: 5_402_004, z: 38 },
    ],
  },
};

describe('annotations on a point cloud', () => {
  let created: TAnnotation;

  it('the customer adds a measured annotation; the provider and admins see it, in the order’s unit system; the provider is told', async () => {
    const response = await customer.client.post(`/api/customer/files/${fileId}/annotations`, distance);
    expect(response.statusCode, response.body).toBe(201);
    created = response.json();
    expect(created).toMatchObject({
      fileId,
      label: 'Door to window',
      position: distance.position,
      measurement: { kind: 'distance', value: 5 },
      author: { id: customer.userId },
      canEdit: true,
      canDelete: true,
    });

    for (const [client, portal] of [
      [provider.client, 'provider'],
      [admin, 'admin'],
      [teammate.client, 'customer'],
    ] as const) {
      const list = await client.get(`/api/${portal}/files/${fileId}/annotations`);
      expect(list.statusCode, list.body).toBe(200);
      const body: TAnnotationList = list.json();
      // No coordinate system known: metres assumed. Every party reads the customer's metric.
      expect(body.file).toEqual({ id: fileId, name: 'site-scan.las', units: 'metre', unitsStated: false });
      expect(body.unitSystem).toBe('metric');
      expect(body.annotations).toHaveLength(1);
      expect(body.annotations[0]).toMatchObject({ id: created.id, canEdit: false, canDelete: portal === 'admin' });
    }

    const notice = (await noticesOf(provider.client)).find((item) => item.eventType === 'annotation_changed');
    expect(notice).toMatchObject({
      title: 'Annotation added on site-scan.las',
      link: `/provider/orders/${orderId}/files/${fileId}`,
    });
    expect(notice?.body).toContain('Door to window');
    // The author's own side is not told of their own note.
    expect((await noticesOf(teammate.client)).some((item) => item.eventType === 'annotation_changed')).toBe(false);

    const audit = await auditOf(t.db, created.id);
    expect(audit.map((entry) => [entry.entity, entry.action, entry.actorUserId])).toEqual([
      ['annotation', 'create', customer.userId],
    ]);
  });

  it('reads a file’s units from its check: an area on a file in feet', async () => {
    const response = await provider.client.post(`/api/provider/files/${footFileId}/annotations`, {
      position: FLOOR[0],
      label: 'Lobby floor',
      measurement: { kind: 'area', points: FLOOR },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().measurement).toMatchObject({ kind: 'area', value: 12 });
    const list: TAnnotationList = (await customer.client.get(`/api/customer/files/${footFileId}/annotations`)).json();
    expect(list.file).toMatchObject({ units: 'foot', unitsStated: true });
    // The provider's note is told to the customer's members, linking their own viewer.
    const notice = (await noticesOf(teammate.client)).find(
      (item) => item.title === 'Annotation added on survey-ft.las',
    );
    expect(notice?.link).toBe(`/customer/orders/${orderId}/files/${footFileId}`);
  });

  it('another organisation’s file and annotation are not found, and nothing is written', async () => {
    const before = await annotationRows();
    const attempts = [
      otherProvider.client.get(`/api/provider/files/${fileId}/annotations`),
      otherProvider.client.post(`/api/provider/files/${fileId}/annotations`, distance),
      otherCustomer.client.get(`/api/customer/files/${fileId}/annotations`),
      otherCustomer.client.get(`/api/customer/files/${fileId}/annotations.csv`),
      otherCustomer.client.post(`/api/customer/files/${fileId}/annotations`, distance),
      otherCustomer.client.request('PATCH', `/api/customer/annotations/${created.id}`, { label: 'Mine now' }),
      otherCustomer.client.delete(`/api/customer/annotations/${created.id}`),
      otherProvider.client.delete(`/api/provider/annotations/${created.id}`),
      customer.client.get(`/api/customer/files/${randomUUID()}/annotations`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
    }
    // A portal the caller's role is not of: refused before any lookup.
    expect((await provider.client.get(`/api/customer/files/${fileId}/annotations`)).statusCode).toBe(403);
    expect(await annotationRows()).toBe(before);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = await annotationRows();
    const auditBefore = (await t.db.select({ total: count() }).from(schema.auditLog))[0]?.total;
    const url = `/api/customer/files/${fileId}/annotations`;
    const bad = [
      { ...distance, label: '   ' },
      { ...distance, label: 'x'.repeat(501) },
      { ...distance, label: 'two\u0007bells' },
      { ...distance, position: { x: 1, y: 2 } },
      { ...distance, position: { x: 1, y: 2, z: 1e12 } },
      { ...distance, measurement: { kind: 'distance', points: [distance.position] } },
      { ...distance, measurement: { kind: 'area', points: FLOOR.slice(0, 2) } },
      { ...distance, measurement: { kind: 'volume', points: FLOOR } },
      { ...distance, extra: true },
    ];
    for (const body of bad) {
      const response = await customer.client.post(url, body);
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 80)} ${response.body}`).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const blank = await customer.client.post(url, { ...distance, label: '' });
    expect(blank.json().error.fields).toMatchObject({ label: 'Write a label for the annotation.' });
    const tooFew = await customer.client.post(url, {
      ...distance,
      measurement: { kind: 'area', points: FLOOR.slice(0, 2) },
    });
    expect(Object.values(tooFew.json().error.fields ?? {})).toContain('An area takes 3 to 100 points.');
    const notAnId = await customer.client.get('/api/customer/files/not-an-id/annotations');
    expect(notAnId.statusCode).toBe(400);
    expect(await annotationRows()).toBe(before);
    expect((await t.db.select({ total: count() }).from(schema.auditLog))[0]?.total).toBe(auditBefore);
  });

  it('only the author changes a label; the author or an admin removes; each change audited', async () => {
    const byTeammate = await teammate.client.request('PATCH', `/api/customer/annotations/${created.id}`, {
      label: 'Not mine',
    });
    expect(byTeammate.statusCode, byTeammate.body).toBe(403);
    const byAdmin = await admin.request('PATCH', `/api/admin/annotations/${created.id}`, { label: 'Admin edit' });
    expect(byAdmin.statusCode).toBe(403);
    expect((await provider.client.delete(`/api/provider/annotations/${created.id}`)).statusCode).toBe(403);

    const edited = await customer.client.request('PATCH', `/api/customer/annotations/${created.id}`, {
      label: '  Door to east window  ',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ label: 'Door to east window', measurement: { value: 5 } });

    const second = await customer.client.post(`/api/customer/files/${fileId}/annotations`, {
      position: { x: 512_001, y: 5_402_001, z: 40 },
      label: 'Ceiling height',
      measurement: {
        kind: 'height',
        points: [
          { x: 512_001, y: 5_402_001, z: 38 },
          { x: 512_001.5, y: 5_402_001, z: 40.75 },
        ],
      },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().measurement.value).toBeCloseTo(2.75, 9);
    const removed = await admin.delete(`/api/admin/annotations/${second.json().id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ id: second.json().id, deleted: true });
    const left: TAnnotationList = (await admin.get(`/api/admin/files/${fileId}/annotations`)).json();
    expect(left.annotations.map((annotation) => annotation.label)).toEqual(['Door to east window']);

    expect((await auditOf(t.db, created.id)).map((entry) => entry.action)).toEqual(['create', 'update']);
    const deletion = (await auditOf(t.db, second.json().id)).at(-1);
    expect(deletion).toMatchObject({ action: 'delete', after: null });
    expect(deletion?.before).toMatchObject({ label: 'Ceiling height', authorUserId: customer.userId });
    // The removal by an admin is told to both parties.
    const notices = await noticesOf(provider.client);
    expect(notices.some((item) => item.title === 'Annotation removed from site-scan.las')).toBe(true);
  });

  it('exports CSV and JSON in the file’s own coordinates, with each measurement in the file’s units', async () => {
    const csv = await provider.client.get(`/api/provider/files/${fileId}/annotations.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="site-scan-annotations.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,label,x,y,z,measurement,value,unit,points,author,created_at,updated_at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `${created.id},Door to east window,512000,5402000,38,distance,5,metre,512000 5402000 38; 512003 5402004 38,`,
    );

    const json = await customer.client.get(`/api/customer/files/${footFileId}/annotations.json`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toBe('attachment; filename="survey-ft-annotations.json"');
    const body = json.json();
    expect(body.file).toEqual({ id: footFileId, name: 'survey-ft.las' });
    expect(body.coordinateSystem).toMatchObject({ units: 'foot', unitsStated: true });
    expect(body.annotations).toEqual([
      expect.objectContaining({
        label: 'Lobby floor',
        position: FLOOR[0],
        measurement: { kind: 'area', points: FLOOR, value: 12, unit: 'square foot' },
      }),
    ]);
    // A guest of the share page has no route to them: only the order's people.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/customer/files/${fileId}/annotations.csv` })).statusCode,
    ).toBe(401);
  });

  it('a file removed before delivery takes its annotations with it', async () => {
    const extra = await storeDeliverable(t.app, orderId, 'draft.las', await makeGeneratedLas(500));
    const added = await provider.client.post(`/api/provider/files/${extra.id}/annotations`, distance);
    expect(added.statusCode, added.body).toBe(201);
    const removed = await provider.client.delete(`/api/provider/files/${extra.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const rows = await t.db
      .select()
      .from(schema.fileAnnotations)
      .where(eq(schema.fileAnnotations.deliverableId, extra.id));
    expect(rows).toEqual([]);
  });
});
