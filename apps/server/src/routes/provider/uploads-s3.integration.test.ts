import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TNewUser, TSignedInUser } from '../../../test/accounts.ts';
import { tusRequest } from '../../../test/deliverables.ts';
import { startFakeS3 } from '../../../test/fake-s3.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, createOrganization } from '../../../test/workflow.ts';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from '../../modules/uploads/abandoned-uploads.ts';

/**
 * The S3 driver end to end, against a minimal S3-compatible server: a resumable upload becomes a
 * multipart upload at the deliverable's key, the checksum is computed, and the customer's signed
 * link downloads it whole and by range from the bucket. Nothing lands on local disk.
 */

const BUCKET = 'deliverables-test';
const HOUR = 3_600_000;

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let t: TTestApp;
/** Windows start as jobs are made (acceptedJob moves this clock past them). */
const clock = movableClock();
let admin: TClient;
let newUser: TNewUser;
let provider: TSignedInUser;
let customer: TSignedInUser;

beforeAll(async () => {
  s3 = await startFakeS3(BUCKET);
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    clock: clock.now,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'eu-test-1',
      S3_ACCESS_KEY_ID: 'test-access',
      S3_SECRET_ACCESS_KEY: 'test-secret-key',
    },
  }));
  provider = await newUser('provider_admin', { name: `Bucket Scans ${randomUUID().slice(0, 6)}` });
  const customerOrgId = (await createOrganization(admin, 'customer')).id;
  customer = await newUser('customer_admin', { id: customerOrgId });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function scheduledOrder() {
  const customerOrgId = (await customer.client.me()).body.organization.id as string;
  return (
    await acceptedJob(
      t.app,
      { admin, customerOrgId, provider },
      { location: `Bucket Lane ${randomUUID().slice(0, 8)}`, clock },
    )
  ).orderId;
}

function tus(
  method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  return tusRequest(t.app, provider.client, method, url, { headers, ...(body ? { body } : {}) });
}

describe('the S3 driver', () => {
  it('stores a resumable upload in the bucket at its key and serves the signed download from there', async () => {
    expect(t.app.files.kind).toBe('s3');
    const orderId = await scheduledOrder();
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const metadata = `orderId ${Buffer.from(orderId).toString('base64')},filename ${Buffer.from('bucket scan.e57').toString('base64')}`;
    const created = await tus('POST', '/api/provider/uploads', {
      'upload-length': String(bytes.length),
      'upload-metadata': metadata,
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const first = await tus('PATCH', location, { 'upload-offset': '0' }, bytes.subarray(0, 3_000_000));
    expect(first.statusCode, first.body).toBe(204);
    expect((await tus('HEAD', location)).headers['upload-offset']).toBe('3000000');
    const rest = await tus('PATCH', location, { 'upload-offset': '3000000' }, bytes.subarray(3_000_000));
    expect(rest.statusCode, rest.body).toBe(204);
    const deliverableId = String(rest.headers['upload-deliverable-id']);

    const [row] = await t.db.select().from(schema.deliverables).where(eq(schema.deliverables.id, deliverableId));
    const key = row?.fileLinks.paths[0] as string;
    expect(key).toMatch(new RegExp(`^${orderId}/\\d{13}_bucket_scan\\.e57$`));
    expect(row?.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(s3.objects.get(key)?.body.equals(bytes)).toBe(true);
    expect(s3.requests.some((line) => line.startsWith(`POST ${key}?uploads`))).toBe(true);

    const link = (await customer.client.post(`/api/customer/deliverables/${deliverableId}/link`)).json().url as string;
    const whole = await t.app.inject({ method: 'GET', url: link });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    // What a viewer asks of the bucket: a file's header, its tail, the rest from an offset.
    expect(part.headers['accept-ranges']).toBe('bytes');
    const tail = await t.app.inject({ method: 'GET', url: link, headers: { range: 'bytes=-16' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${bytes.length - 16}-${bytes.length - 1}/${bytes.length}`);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 16))).toBe(true);
    const fromOffset = await t.app.inject({
      method: 'GET',
      url: link,
      headers: { range: `bytes=${bytes.length - 1000}-` },
    });
    expect(fromOffset.statusCode).toBe(206);
    expect(fromOffset.headers['content-length']).toBe('1000');
    expect(fromOffset.rawPayload.equals(bytes.subarray(bytes.length - 1000))).toBe(true);
    const beyond = await t.app.inject({ method: 'GET', url: link, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
  });

  it('answers 404 for a file gone from the bucket and refuses a wrong checksum without keeping the bytes', async () => {
    const orderId = await scheduledOrder();
    const bytes = randomBytes(1000);
    const wrong = createHash('sha256').update('not these bytes').digest('hex');
    const metadata = `orderId ${Buffer.from(orderId).toString('base64')},filename ${Buffer.from('a.pdf').toString('base64')},sha256 ${Buffer.from(wrong).toString('base64')}`;
    const created = await tus('POST', '/api/provider/uploads', {
      'upload-length': '1000',
      'upload-metadata': metadata,
    });
    const location = String(created.headers.location);
    const done = await tus('PATCH', location, { 'upload-offset': '0' }, bytes);
    expect(done.statusCode).toBe(460);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(orderId))).toEqual([]);

    await expect(t.app.files.open(`${orderId}/1700000000000_missing.e57`)).rejects.toMatchObject({ code: 'ENOENT' });

    // An unfinished upload left for a week: its multipart upload is aborted and its state removed.
    const left = await tus('POST', '/api/provider/uploads', {
      'upload-length': '5000',
      'upload-metadata': `orderId ${Buffer.from(orderId).toString('base64')},filename ${Buffer.from('left.e57').toString('base64')}`,
    });
    const leftAt = String(left.headers.location);
    expect((await tus('PATCH', leftAt, { 'upload-offset': '0' }, randomBytes(100))).statusCode).toBe(204);
    const removed = await sweepAbandonedUploads({
      db: t.db,
      files: t.app.files,
      now: new Date(Date.now() + ABANDONED_UPLOAD_MS + HOUR),
    });
    expect(removed).toEqual([expect.stringMatching(new RegExp(`^${orderId}/\\d{13}_left\\.e57$`))]);
    expect((await tus('HEAD', leftAt)).statusCode).toBe(404);
    expect(s3.uploads.size).toBe(0);
  });

  it('checks each piece before it reaches the bucket: a damaged piece is refused with 460 and nothing of it is kept', async () => {
    const orderId = await scheduledOrder();
    const bytes = randomBytes(200_000);
    const created = await tus('POST', '/api/provider/uploads', {
      'upload-length': String(bytes.length),
      'upload-metadata': `orderId ${Buffer.from(orderId).toString('base64')},filename ${Buffer.from('checked.e57').toString('base64')}`,
    });
    const location = String(created.headers.location);
    const checksumOf = (piece: Buffer) => `sha256 ${createHash('sha256').update(piece).digest('base64')}`;
    const first = bytes.subarray(0, 80_000);
    expect(
      (await tus('PATCH', location, { 'upload-offset': '0', 'upload-checksum': checksumOf(first) }, first)).statusCode,
    ).toBe(204);
    const rest = Buffer.from(bytes.subarray(80_000));
    const checksum = checksumOf(rest);
    rest[10] = (rest[10] as number) ^ 1;
    const refused = await tus('PATCH', location, { 'upload-offset': '80000', 'upload-checksum': checksum }, rest);
    expect(refused.statusCode).toBe(460);
    expect((await tus('HEAD', location)).headers['upload-offset']).toBe('80000');
    const sent = bytes.subarray(80_000);
    const done = await tus('PATCH', location, { 'upload-offset': '80000', 'upload-checksum': checksumOf(sent) }, sent);
    expect(done.statusCode, done.body).toBe(204);
    const key = [...s3.objects.keys()].find((name) => name.startsWith(`${orderId}/`) && name.endsWith('checked.e57'));
    expect(s3.objects.get(key as string)?.body.equals(bytes)).toBe(true);
  });

  it('terminates an unfinished upload (DELETE): its multipart upload is aborted and nothing of it stays in the bucket', async () => {
    const orderId = await scheduledOrder();
    const created = await tus('POST', '/api/provider/uploads', {
      'upload-length': '9000',
      'upload-metadata': `orderId ${Buffer.from(orderId).toString('base64')},filename ${Buffer.from('gone.e57').toString('base64')}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    expect((await tus('PATCH', location, { 'upload-offset': '0' }, randomBytes(4000))).statusCode).toBe(204);
    expect([...s3.uploads.values()].filter((upload) => upload.key.startsWith(orderId))).toHaveLength(1);

    const deleted = await tus('DELETE', location);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await tus('HEAD', location)).statusCode).toBe(404);
    expect([...s3.uploads.values()].filter((upload) => upload.key.startsWith(orderId))).toEqual([]);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(orderId))).toEqual([]);
  });
});
