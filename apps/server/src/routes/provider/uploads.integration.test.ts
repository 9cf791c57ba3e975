import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@spacecapture/db/client';
import { formatDateTime, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  createClient,
  errorOf,
  type TClient,
  type TNewUser,
  type TSignedInUser,
} from '../../../test/accounts.ts';
import { type TTusArgs, tusMetadata, tusRequest } from '../../../test/deliverables.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import {
  acceptedJob,
  auditOf,
  COMPANY_EMAIL,
  createOrganization,
  jobEventsOf,
  orderRow,
  outboxWithSubject,
} from '../../../test/workflow.ts';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from '../../modules/uploads/abandoned-uploads.ts';

/**
 * Resumable deliverable uploads over tus: several PATCHes with a resume after a connection cut
 * mid-body, offsets, checksums, the size limit, who is refused on every request, no overwrite,
 * and the deliverable with its job event, audit entry, order move and e-mail recorded once.
 */

const UPLOADS = '/api/provider/uploads';
const MAX_BYTES = 3_000_000;
const HOUR = 3_600_000;

let t: TTestApp;
/** The app's clock: acceptedOrder moves it past each new window's start. */
const clock = movableClock();
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let providerUser: TSignedInUser;
let otherProvider: TSignedInUser;
let customer: TSignedInUser;
let customerOrgId: string;
let baseUrl: string;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    env: { COMPANY_EMAIL, UPLOAD_MAX_BYTES: String(MAX_BYTES) },
    clock: clock.now,
  }));
  provider = await newUser('provider_admin', { name: `Upload Scans ${randomUUID().slice(0, 6)}` });
  providerUser = await newUser('provider_user', { id: provider.orgId });
  otherProvider = await newUser('provider_admin', { name: `Rival Scans ${randomUUID().slice(0, 6)}` });
  customerOrgId = (await createOrganization(admin, 'customer')).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 90_000);
afterAll(async () => {
  await t?.close();
});

/**
 * An order offered to the provider and accepted; with `scheduled` (the default), its window
 * confirmed too: started, unless `windowAhead` leaves it a day ahead.
 */
function acceptedOrder(options: { scheduled?: boolean; windowAhead?: boolean } = {}) {
  return acceptedJob(
    t.app,
    { admin, customerOrgId, provider },
    { scheduled: options.scheduled ?? true, ...(options.windowAhead ? {} : { clock }) },
  );
}

/** A tus request to this file's app (tusRequest). */
const tus = (...args: TTusArgs) => tusRequest(t.app, ...args);

async function create(client: TClient | null, orderId: string, fileName: string, length: number, sha256?: string) {
  return tus(client, 'POST', UPLOADS, {
    headers: {
      'upload-length': String(length),
      'upload-metadata': tusMetadata({ orderId, filename: fileName, ...(sha256 ? { sha256 } : {}) }),
    },
  });
}

function patch(client: TClient | null, location: string, offset: number, body: Buffer) {
  return tus(client, 'PATCH', location, { headers: { 'upload-offset': String(offset) }, body });
}

/** Sends `bytes` of a PATCH whose Content-Length promises more, then cuts the connection. */
async function interruptedPatch(client: TClient, location: string, offset: number, bytes: Buffer, promised: number) {
  await new Promise<void>((resolve) => {
    const request = http.request(`${baseUrl}${location}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        origin: APP_ORIGIN,
        cookie: client.jar.header(),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        'content-length': String(promised),
      },
    });
    request.on('error', () => resolve());
    request.write(bytes, () => {
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 150);
    });
  });
}

async function offsetOf(client: TClient, location: string) {
  const head = await tus(client, 'HEAD', location);
  expect(head.statusCode, head.body).toBe(200);
  return Number(head.headers['upload-offset']);
}

async function deliverablesOf(orderId: string) {
  return t.db.select().from(schema.deliverables).where(eq(schema.deliverables.orderId, orderId));
}

async function upload(client: TClient, orderId: string, fileName: string, bytes: Buffer) {
  const created = await create(client, orderId, fileName, bytes.length);
  expect(created.statusCode, created.body).toBe(201);
  const location = String(created.headers.location);
  const done = await patch(client, location, 0, bytes);
  expect(done.statusCode, done.body).toBe(204);
  return { location, deliverableId: String(done.headers['upload-deliverable-id']) };
}

describe('a resumable upload', () => {
  it('resumes after a cut connection and records the deliverable, its event, audit, order move and e-mail once', async () => {
    const { orderId } = await acceptedOrder();
    const bytes = randomBytes(1_500_000);
    const sha256 = createHash('sha256').update(bytes).digest('hex');

    const created = await create(providerUser.client, orderId, 'Level 2 scan.e57', bytes.length, sha256);
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    expect(location.startsWith(`${UPLOADS}/`)).toBe(true);
    expect(await offsetOf(providerUser.client, location)).toBe(0);

    const first = await patch(providerUser.client, location, 0, bytes.subarray(0, 400_000));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe('400000');

    // The connection drops mid-body: what arrived is kept, and HEAD says how far it got.
    await interruptedPatch(providerUser.client, location, 400_000, bytes.subarray(400_000, 900_000), 1_100_000);
    let offset = 0;
    for (let attempt = 0; attempt < 50 && offset <= 400_000; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      offset = await offsetOf(providerUser.client, location);
    }
    expect(offset).toBeGreaterThan(400_000);
    expect(offset).toBeLessThanOrEqual(900_000);

    const stale = await patch(providerUser.client, location, 400_000, bytes.subarray(400_000));
    expect(stale.statusCode).toBe(409);
    expect(await deliverablesOf(orderId)).toHaveLength(0);

    const rest = await patch(providerUser.client, location, offset, bytes.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));
    const deliverableId = String(rest.headers['upload-deliverable-id']);

    const [row] = await deliverablesOf(orderId);
    expect(row).toMatchObject({
      id: deliverableId,
      type: 'point_cloud',
      fileName: 'Level 2 scan.e57',
      size: String(bytes.length),
      checksum: sha256,
      uploadedBy: providerUser.userId,
    });
    expect(row?.fileLinks.paths[0]).toMatch(new RegExp(`^${orderId}/\\d{13}_Level_2_scan\\.e57$`));

    // A repeated last request (its answer was lost) records nothing new.
    const repeat = await patch(providerUser.client, location, bytes.length, Buffer.alloc(0));
    expect(repeat.statusCode, repeat.body).toBe(204);
    expect(repeat.headers['upload-deliverable-id']).toBe(deliverableId);
    expect(await deliverablesOf(orderId)).toHaveLength(1);
    expect(await offsetOf(providerUser.client, location)).toBe(bytes.length);

    const events = await jobEventsOf(t.db, orderId);
    expect(events.filter((event) => event.type === 'file_uploaded')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'status_change').at(-1)?.metadata).toMatchObject({
      from: 'scheduled',
      to: 'captured',
    });
    expect((await orderRow(t.db, orderId)).status).toBe('captured');
    expect((await auditOf(t.db, deliverableId)).map((entry) => entry.action)).toEqual(['upload']);
    const emails = (await outboxWithSubject(t.db, 'Deliverables arrived')).filter((email) =>
      email.text.includes('Level 2 scan.e57'),
    );
    expect(emails.map((email) => email.to)).toEqual([[customer.email]]);

    // The customer downloads it through a signed link, whole and by range.
    const link = await customer.client.post(`/api/customer/deliverables/${deliverableId}/link`);
    expect(link.statusCode, link.body).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: link.json().url });
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(sha256);
    const part = await t.app.inject({ method: 'GET', url: link.json().url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
  });

  it('refuses a file whose bytes do not match the announced SHA-256 and records nothing', async () => {
    const { orderId } = await acceptedOrder();
    const bytes = randomBytes(200_000);
    const wrong = createHash('sha256').update('something else').digest('hex');
    const created = await create(provider.client, orderId, 'plan.pdf', bytes.length, wrong);
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const done = await patch(provider.client, location, 0, bytes);
    expect(done.statusCode).toBe(460);
    expect(JSON.parse(done.body).error.fields).toEqual({ sha256: 'does not match the uploaded bytes' });
    expect(await deliverablesOf(orderId)).toHaveLength(0);
    expect((await jobEventsOf(t.db, orderId)).filter((event) => event.type === 'file_uploaded')).toHaveLength(0);
    expect((await orderRow(t.db, orderId)).status).toBe('scheduled');
    expect((await tus(provider.client, 'HEAD', location)).statusCode).toBe(404);
  });

  it('computes the SHA-256 itself when the client sends none, also after a resume', async () => {
    const { orderId } = await acceptedOrder();
    const bytes = randomBytes(300_000);
    const created = await create(provider.client, orderId, 'model.glb', bytes.length);
    const location = String(created.headers.location);
    expect((await patch(provider.client, location, 0, bytes.subarray(0, 100_000))).statusCode).toBe(204);
    const done = await patch(provider.client, location, 100_000, bytes.subarray(100_000));
    expect(done.statusCode, done.body).toBe(204);
    const [row] = await deliverablesOf(orderId);
    expect(row).toMatchObject({ type: 'mesh', checksum: createHash('sha256').update(bytes).digest('hex') });
  });

  it('records a finished upload whose recording failed for a moment when the client next asks where it stands', async () => {
    const { orderId } = await acceptedOrder();
    const bytes = randomBytes(200_000);
    const created = await create(providerUser.client, orderId, 'plan.pdf', bytes.length);
    const location = String(created.headers.location);
    // The database refuses deliverables for a moment (as when it restarts) while the last bytes arrive.
    await t.db.execute(
      sql.raw(`create function refuse_deliverable() returns trigger language plpgsql as $$
        begin raise exception 'database restarting'; end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger refuse_deliverable before insert on deliverables for each row execute function refuse_deliverable()',
      ),
    );
    try {
      const last = await patch(providerUser.client, location, 0, bytes);
      expect(last.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_deliverable on deliverables'));
      await t.db.execute(sql.raw('drop function refuse_deliverable()'));
    }
    expect(await deliverablesOf(orderId)).toHaveLength(0);

    // tus clients retry with HEAD; the bytes are all there, so that HEAD records them, once.
    expect(await offsetOf(providerUser.client, location)).toBe(bytes.length);
    expect(await offsetOf(providerUser.client, location)).toBe(bytes.length);
    const recorded = await deliverablesOf(orderId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ fileName: 'plan.pdf', size: String(bytes.length) });
    expect(recorded[0]!.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('never overwrites: the same name twice gives two files and two deliverables', async () => {
    const { orderId } = await acceptedOrder();
    const first = randomBytes(50_000);
    const second = randomBytes(60_000);
    const [a, b] = await Promise.all([
      upload(provider.client, orderId, 'tour.zip', first),
      upload(provider.client, orderId, 'tour.zip', second),
    ]);
    expect(a.location).not.toBe(b.location);
    const rows = await deliverablesOf(orderId);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.fileLinks.paths[0])).size).toBe(2);
    for (const [result, bytes] of [
      [a, first],
      [b, second],
    ] as const) {
      const row = rows.find((candidate) => candidate.id === result.deliverableId);
      const stored = await t.app.files.open(row?.fileLinks.paths[0] as string);
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    }
    // Only the first file of a burst e-mails the customer.
    const orderTitle = (await orderRow(t.db, orderId)).title;
    expect(await outboxWithSubject(t.db, `Deliverables arrived: ${orderTitle}`)).toHaveLength(1);
  });
});

describe('limits and refusals', () => {
  it('refuses a file above UPLOAD_MAX_BYTES at creation and bytes beyond the declared length', async () => {
    const { orderId } = await acceptedOrder();
    const tooBig = await create(provider.client, orderId, 'huge.las', MAX_BYTES + 1);
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).code).toBe('payload_too_large');

    const created = await create(provider.client, orderId, 'small.las', 1000);
    const location = String(created.headers.location);
    const overflow = await patch(provider.client, location, 0, randomBytes(2000));
    expect(overflow.statusCode).toBe(413);
    expect(await deliverablesOf(orderId)).toHaveLength(0);
  });

  it('refuses metadata without a file name, an empty file, no length, and orders not yet scheduled', async () => {
    const { orderId } = await acceptedOrder({ scheduled: false });
    const noName = await tus(provider.client, 'POST', UPLOADS, {
      headers: { 'upload-length': '10', 'upload-metadata': tusMetadata({ orderId }) },
    });
    expect(noName.statusCode).toBe(400);
    expect(errorOf(noName).fields).toHaveProperty('filename');
    const noLength = await tus(provider.client, 'POST', UPLOADS, {
      headers: { 'upload-metadata': tusMetadata({ orderId, filename: 'a.e57' }) },
    });
    expect(noLength.statusCode).toBe(400);
    const empty = await create(provider.client, orderId, 'empty.e57', 0);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe('The file is empty.');
    const early = await create(provider.client, orderId, 'a.e57', 10);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toContain('this order is assigned');
  });

  it('refuses another provider, a customer and a signed-out caller on create, HEAD, PATCH and DELETE', async () => {
    const { orderId } = await acceptedOrder();
    const bytes = randomBytes(10_000);
    const created = await create(provider.client, orderId, 'scan.ply', bytes.length);
    const location = String(created.headers.location);

    expect((await create(otherProvider.client, orderId, 'x.ply', 10)).statusCode).toBe(404);
    expect((await create(customer.client, orderId, 'x.ply', 10)).statusCode).toBe(403);
    expect((await create(null, orderId, 'x.ply', 10)).statusCode).toBe(401);
    for (const [caller, status] of [
      [otherProvider.client, 404],
      [customer.client, 403],
      [null, 401],
    ] as const) {
      expect((await tus(caller, 'HEAD', location)).statusCode).toBe(status);
      expect((await patch(caller, location, 0, bytes)).statusCode).toBe(status);
      expect((await tus(caller, 'DELETE', location)).statusCode).toBe(status);
    }
    // A cookie-bearing PATCH from another site is refused before anything is written.
    const crossSite = await tus(provider.client, 'PATCH', location, {
      headers: { 'upload-offset': '0', origin: 'https://evil.example' },
      body: bytes,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await offsetOf(provider.client, location)).toBe(0);

    const done = await patch(provider.client, location, 0, bytes);
    expect(done.statusCode, done.body).toBe(204);
    // A finished upload cannot be terminated: it is the customer's file now.
    expect((await tus(provider.client, 'DELETE', location)).statusCode).toBe(400);
    expect(await deliverablesOf(orderId)).toHaveLength(1);
  });

  it('lets the provider abandon an unfinished upload', async () => {
    const { orderId } = await acceptedOrder();
    const created = await create(provider.client, orderId, 'draft.obj', 1000);
    const location = String(created.headers.location);
    expect((await patch(provider.client, location, 0, randomBytes(100))).statusCode).toBe(204);
    expect((await tus(provider.client, 'DELETE', location)).statusCode).toBe(204);
    expect((await tus(provider.client, 'HEAD', location)).statusCode).toBe(404);
  });
});

describe('abandoned uploads', () => {
  it('are removed after a week untouched, while finished files and recent uploads stay', async () => {
    const { orderId } = await acceptedOrder();
    const stale = String((await create(provider.client, orderId, 'stale.e57', 5000)).headers.location);
    expect((await patch(provider.client, stale, 0, randomBytes(1000))).statusCode).toBe(204);
    const finished = await upload(provider.client, orderId, 'kept.e57', randomBytes(2000));

    const sweep = (after: number) =>
      sweepAbandonedUploads({ db: t.db, files: t.app.files, now: new Date(Date.now() + after) });
    expect(await sweep(ABANDONED_UPLOAD_MS - HOUR)).toEqual([]);
    const removed = await sweep(ABANDONED_UPLOAD_MS + HOUR);
    expect(removed.filter((key) => key.startsWith(orderId))).toHaveLength(1);
    expect((await tus(provider.client, 'HEAD', stale)).statusCode).toBe(404);
    expect((await tus(provider.client, 'HEAD', finished.location)).statusCode).toBe(200);
    const [row] = await deliverablesOf(orderId);
    expect((await t.app.files.open(row?.fileLinks.paths[0] as string)).size).toBe(2000);
  });
});

describe('files and Mark delivered', () => {
  it('lists the files of an order and the recent ones, only of the caller’s orders', async () => {
    const { orderId } = await acceptedOrder();
    const { deliverableId } = await upload(provider.client, orderId, 'floor.dxf', randomBytes(1000));
    const ofOrder = await providerUser.client.get(`/api/provider/files?order=${orderId}`);
    expect(ofOrder.statusCode, ofOrder.body).toBe(200);
    expect(ofOrder.json().items).toEqual([
      expect.objectContaining({ id: deliverableId, fileName: 'floor.dxf', type: 'floor_plan', size: 1000 }),
    ]);
    const recent = await providerUser.client.get('/api/provider/files');
    expect(recent.json().items[0]).toMatchObject({ id: deliverableId });
    expect((await otherProvider.client.get(`/api/provider/files?order=${orderId}`)).statusCode).toBe(404);
    expect((await otherProvider.client.get('/api/provider/files')).json().items).toEqual([]);
    const targets = await provider.client.get('/api/provider/upload-targets');
    expect(targets.json().items).toContainEqual(
      expect.objectContaining({ orderId, status: 'captured', uploadable: true, fileCount: 1 }),
    );
  });

  it('marks a captured order delivered once it has a file, tells the customer, and refuses it otherwise', async () => {
    const { orderId } = await acceptedOrder();
    const empty = await provider.client.post(`/api/provider/orders/${orderId}/delivered`);
    expect(empty.statusCode).toBe(409);
    await upload(provider.client, orderId, 'cloud.laz', randomBytes(1000));
    expect((await otherProvider.client.post(`/api/provider/orders/${orderId}/delivered`)).statusCode).toBe(404);
    const delivered = await provider.client.post(`/api/provider/orders/${orderId}/delivered`);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ orderId, status: 'delivered' });
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, orderId), eq(schema.auditLog.action, 'mark_delivered')));
    expect(audit).toHaveLength(1);
    const title = (await orderRow(t.db, orderId)).title;
    expect((await outboxWithSubject(t.db, `Order delivered: ${title}`)).map((email) => email.to)).toEqual([
      [customer.email],
    ]);
    expect((await provider.client.post(`/api/provider/orders/${orderId}/delivered`)).statusCode).toBe(409);
    // Files may still follow a delivery (a corrected plan).
    await upload(provider.client, orderId, 'plan-v2.pdf', randomBytes(500));
    expect(await deliverablesOf(orderId)).toHaveLength(2);
  });

  it('documents every upload operation with its roles', async () => {
    const document = (await createClient(t.app).get('/api/openapi.json')).json();
    const roles = ['provider_admin', 'provider_user'];
    expect(document.paths['/api/provider/uploads'].post['x-roles']).toEqual(roles);
    for (const method of ['head', 'patch', 'delete']) {
      expect(document.paths['/api/provider/uploads/{uploadId}'][method]['x-roles']).toEqual(roles);
    }
  });
});

describe('the capture window (decision 109)', () => {
  async function targetOf(orderId: string) {
    const response = await provider.client.get('/api/provider/upload-targets');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().items.find((item: { orderId: string }) => item.orderId === orderId);
  }

  function markDelivered(orderId: string) {
    return provider.client.post(`/api/provider/orders/${orderId}/delivered`);
  }

  it('keeps uploads and Mark delivered closed until the window starts; nothing is written; the customer sees no capture', async () => {
    const { orderId } = await acceptedOrder({ windowAhead: true });
    const { scheduledStart } = await orderRow(t.db, orderId);
    const eventsBefore = await jobEventsOf(t.db, orderId);

    const early = await create(provider.client, orderId, 'scan.e57', 1000);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(
      `Uploads open when the capture window starts (${formatDateTime(scheduledStart!, SERVER_TIME_ZONE)}). Ask the SpaceCapture team to open them earlier.`,
    );
    const delivered = await markDelivered(orderId);
    expect(delivered.statusCode).toBe(409);
    expect(errorOf(delivered).message).toBe(
      `The order can be marked delivered once the capture window starts (${formatDateTime(scheduledStart!, SERVER_TIME_ZONE)}).`,
    );
    expect(await deliverablesOf(orderId)).toHaveLength(0);
    expect(await jobEventsOf(t.db, orderId)).toEqual(eventsBefore);
    expect((await orderRow(t.db, orderId)).status).toBe('scheduled');
    const reservations = await t.db.select().from(schema.uploadReservations);
    expect(reservations.filter((row) => row.key.includes(orderId))).toHaveLength(0);

    expect(await targetOf(orderId)).toMatchObject({
      status: 'scheduled',
      uploadable: false,
      windowStart: scheduledStart!.toISOString(),
      openedEarly: null,
    });
    const order = (await customer.client.get(`/api/customer/orders/${orderId}`)).json();
    expect(order.displayStatus).toBe('in_progress');
    // Scheduled only: capture, processing, delivery and the customer's review are all ahead.
    expect(order.progress.steps.map((step: { state: string }) => step.state)).toEqual([
      'done',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
  });

  it('opens once the window starts: the upload is recorded and the customer sees the capture dated by the file', async () => {
    const { orderId } = await acceptedOrder();
    expect(await targetOf(orderId)).toMatchObject({ uploadable: true, openedEarly: null });
    await upload(provider.client, orderId, 'scan.e57', randomBytes(2000));
    const fileEvent = (await jobEventsOf(t.db, orderId)).find((event) => event.type === 'file_uploaded');
    const order = (await customer.client.get(`/api/customer/orders/${orderId}`)).json();
    expect(order.progress.steps[1]).toMatchObject({
      key: 'capture',
      state: 'done',
      at: fileEvent!.createdAt.toISOString(),
    });
    expect((await markDelivered(orderId)).statusCode).toBe(200);
  });

  it('an admin opens uploads early with a reason: audited, on the timeline, the provider told; then files and delivery work', async () => {
    const { orderId } = await acceptedOrder({ windowAhead: true });
    const open = (body: unknown) => admin.post(`/api/admin/orders/${orderId}/open-uploads`, body);

    const noReason = await open({ reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).fields?.reason).toBe('Give a reason for opening uploads before the capture window.');
    expect((await provider.client.post(`/api/admin/orders/${orderId}/open-uploads`, { reason: 'x' })).statusCode).toBe(
      403,
    );
    expect(await auditOf(t.db, orderId)).toHaveLength(0);

    const reason = 'The venue let the provider in two days early.';
    const opened = await open({ reason: `  ${reason} ` });
    expect(opened.statusCode, opened.body).toBe(200);
    const { scheduledStart } = await orderRow(t.db, orderId);
    expect(opened.json().jobEvents[0]).toMatchObject({
      type: 'uploads_opened_early',
      metadata: { reason, windowStart: scheduledStart!.toISOString() },
      actor: { email: expect.any(String) },
    });
    expect((await auditOf(t.db, orderId)).at(-1)).toMatchObject({
      entity: 'order',
      action: 'open_uploads_early',
      after: expect.objectContaining({ reason, windowStart: scheduledStart!.toISOString() }),
    });
    // One e-mail per member of the provider organisation, in no particular order.
    const mails = await outboxWithSubject(t.db, 'Uploads open: ');
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(
      [provider.email.toLowerCase(), providerUser.email.toLowerCase()].sort(),
    );
    for (const mail of mails) expect(mail.text).toContain(reason);

    const again = await open({ reason: 'Once more.' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toMatch(/^Uploads were opened early already, on /);

    expect(await targetOf(orderId)).toMatchObject({ uploadable: true, openedEarly: { reason } });
    await upload(provider.client, orderId, 'early.e57', randomBytes(2000));
    expect((await markDelivered(orderId)).statusCode).toBe(200);
    expect((await orderRow(t.db, orderId)).status).toBe('delivered');
  });

  it('tells the provider on the job itself when uploads open, and that an admin opened them early', async () => {
    const jobOf = async (orderId: string) => {
      const response = await provider.client.get('/api/provider/assignments');
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.find((item: { orderId: string }) => item.orderId === orderId);
    };
    const unscheduled = await acceptedOrder({ scheduled: false });
    expect((await jobOf(unscheduled.orderId)).uploads).toEqual({ open: false, opensAt: null, openedEarly: false });

    const { orderId } = await acceptedOrder({ windowAhead: true });
    const { scheduledStart } = await orderRow(t.db, orderId);
    expect((await jobOf(orderId)).uploads).toEqual({
      open: false,
      opensAt: scheduledStart!.toISOString(),
      openedEarly: false,
    });
    const opened = await admin.post(`/api/admin/orders/${orderId}/open-uploads`, { reason: 'Keys collected early.' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await jobOf(orderId)).uploads).toEqual({ open: true, opensAt: null, openedEarly: true });

    const started = await acceptedOrder();
    expect((await jobOf(started.orderId)).uploads).toEqual({ open: true, opensAt: null, openedEarly: false });
  });

  it('refuses to open uploads early once the window has started, or for an order not scheduled', async () => {
    const started = await acceptedOrder();
    const late = await admin.post(`/api/admin/orders/${started.orderId}/open-uploads`, { reason: 'Just in case.' });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe('The capture window has started: uploads are open already.');
    const assigned = await acceptedOrder({ scheduled: false });
    const notScheduled = await admin.post(`/api/admin/orders/${assigned.orderId}/open-uploads`, { reason: 'Early.' });
    expect(notScheduled.statusCode).toBe(409);
    expect(errorOf(notScheduled).message).toBe(
      'Uploads can be opened early only for a scheduled order; this order is assigned.',
    );
    expect(await auditOf(t.db, assigned.orderId)).toHaveLength(0);
  });
});
