import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient, TSignedInUser } from '../../../test/accounts.ts';
import { type TTusArgs, tusMetadata, tusRequest } from '../../../test/deliverables.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, COMPANY_EMAIL, createOrganization } from '../../../test/workflow.ts';

/**
 * Checksums end to end (decision 217): each PATCH's Upload-Checksum is checked against the bytes
 * it carried (460 and nothing kept when they differ), and the whole file's SHA-256 sent with the
 * last piece is checked against what was stored (460 and the upload refused).
 */

const UPLOADS = '/api/provider/uploads';

let t: TTestApp;
const clock = movableClock();
let admin: TClient;
let provider: TSignedInUser;
let customerOrgId: string;

beforeAll(async () => {
  let newUser: Awaited<ReturnType<typeof createTestAppWithAdmin>>['newUser'];
  ({ t, admin, newUser } = await createTestAppWithAdmin({ env: { COMPANY_EMAIL }, clock: clock.now }));
  provider = await newUser('provider_admin', { name: `Checked Scans ${randomUUID().slice(0, 6)}` });
  customerOrgId = (await createOrganization(admin, 'customer')).id;
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const tus = (...args: TTusArgs) => tusRequest(t.app, ...args);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
const pieceChecksum = (bytes: Buffer) => `sha256 ${sha256(bytes).toString('base64')}`;

async function started(fileName: string, length: number) {
  const { orderId } = await acceptedJob(t.app, { admin, customerOrgId, provider }, { scheduled: true, clock });
  const created = await tus(provider.client, 'POST', UPLOADS, {
    headers: { 'upload-length': String(length), 'upload-metadata': tusMetadata({ orderId, filename: fileName }) },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { orderId, location: String(created.headers.location) };
}

function patch(location: string, offset: number, body: Buffer, headers: Record<string, string> = {}) {
  return tus(provider.client, 'PATCH', location, { headers: { 'upload-offset': String(offset), ...headers }, body });
}

async function offsetOf(location: string) {
  const head = await tus(provider.client, 'HEAD', location);
  expect(head.statusCode, head.body).toBe(200);
  return Number(head.headers['upload-offset']);
}

const deliverablesOf = (orderId: string) =>
  t.db.select().from(schema.deliverables).where(eq(schema.deliverables.orderId, orderId));

describe('each piece', () => {
  it('is announced in discovery: the checksum extension with sha256', async () => {
    const options = await tus(null, 'OPTIONS', UPLOADS);
    expect(options.statusCode).toBe(204);
    expect(String(options.headers['tus-extension']).split(',')).toContain('checksum');
    expect(options.headers['tus-checksum-algorithm']).toBe('sha256');
  });

  it('is kept when its checksum matches, refused with 460 and not kept when it does not; the upload then finishes intact', async () => {
    const bytes = randomBytes(600_000);
    const { orderId, location } = await started('scan.e57', bytes.length);
    const first = bytes.subarray(0, 250_000);
    const good = await patch(location, 0, first, { 'upload-checksum': pieceChecksum(first) });
    expect(good.statusCode, good.body).toBe(204);
    expect(good.headers['upload-offset']).toBe('250000');

    // The second piece is damaged on the way: one byte differs from what was hashed.
    const second = Buffer.from(bytes.subarray(250_000, 500_000));
    const checksum = pieceChecksum(second);
    second[1234] = (second[1234] as number) ^ 0xff;
    const damaged = await patch(location, 250_000, second, { 'upload-checksum': checksum });
    expect(damaged.statusCode).toBe(460);
    expect(JSON.parse(damaged.body).error).toMatchObject({
      code: 'validation_failed',
      fields: { 'Upload-Checksum': 'does not match the bytes sent' },
    });
    expect(await offsetOf(location)).toBe(250_000);

    // Sent again, right, and the rest: the stored file is exactly the original.
    const again = bytes.subarray(250_000, 500_000);
    expect((await patch(location, 250_000, again, { 'upload-checksum': pieceChecksum(again) })).statusCode).toBe(204);
    const last = bytes.subarray(500_000);
    const done = await patch(location, 500_000, last, { 'upload-checksum': pieceChecksum(last) });
    expect(done.statusCode, done.body).toBe(204);
    const [row] = await deliverablesOf(orderId);
    expect(row?.checksum).toBe(sha256(bytes).toString('hex'));
    const { stream } = await t.app.files.open(row?.fileLinks.paths[0] as string);
    const stored: Buffer[] = [];
    for await (const chunk of stream) stored.push(chunk as Buffer);
    expect(Buffer.concat(stored).equals(bytes)).toBe(true);
  });

  it('a damaged last piece records nothing: the upload waits for the piece again', async () => {
    const bytes = randomBytes(100_000);
    const { orderId, location } = await started('plan.pdf', bytes.length);
    const refused = await patch(location, 0, bytes, { 'upload-checksum': pieceChecksum(randomBytes(10)) });
    expect(refused.statusCode).toBe(460);
    expect(await offsetOf(location)).toBe(0);
    expect(await deliverablesOf(orderId)).toHaveLength(0);
    const done = await patch(location, 0, bytes, { 'upload-checksum': pieceChecksum(bytes) });
    expect(done.statusCode, done.body).toBe(204);
    expect(await deliverablesOf(orderId)).toHaveLength(1);
  });

  it('refuses an algorithm other than sha256 or a malformed digest with 400, storing nothing', async () => {
    const bytes = randomBytes(1000);
    const { location } = await started('notes.txt', bytes.length);
    const md5 = await patch(location, 0, bytes, {
      'upload-checksum': `md5 ${createHash('md5').update(bytes).digest('base64')}`,
    });
    expect(md5.statusCode).toBe(400);
    expect(JSON.parse(md5.body).error.fields).toHaveProperty('Upload-Checksum');
    const short = await patch(location, 0, bytes, { 'upload-checksum': 'sha256 AAAA' });
    expect(short.statusCode).toBe(400);
    expect(await offsetOf(location)).toBe(0);
  });
});

describe('the whole file', () => {
  it('is recorded when the SHA-256 sent with the last piece matches what was stored', async () => {
    const bytes = randomBytes(300_000);
    const { orderId, location } = await started('model.glb', bytes.length);
    expect((await patch(location, 0, bytes.subarray(0, 100_000))).statusCode).toBe(204);
    const done = await patch(location, 100_000, bytes.subarray(100_000), {
      'upload-file-sha256': sha256(bytes).toString('hex'),
    });
    expect(done.statusCode, done.body).toBe(204);
    expect((await deliverablesOf(orderId))[0]?.checksum).toBe(sha256(bytes).toString('hex'));
  });

  it('is refused with 460 and nothing recorded when the SHA-256 sent with the last piece differs', async () => {
    const bytes = randomBytes(300_000);
    const { orderId, location } = await started('model.glb', bytes.length);
    expect((await patch(location, 0, bytes.subarray(0, 100_000))).statusCode).toBe(204);
    const wrong = sha256(Buffer.from('another file')).toString('hex');
    const done = await patch(location, 100_000, bytes.subarray(100_000), { 'upload-file-sha256': wrong });
    expect(done.statusCode).toBe(460);
    const error = JSON.parse(done.body).error;
    expect(error.fields).toEqual({ 'Upload-File-Sha256': 'does not match the uploaded bytes' });
    expect(error.message).toContain(wrong);
    expect(await deliverablesOf(orderId)).toHaveLength(0);
    // The damaged upload is gone: the file is to be sent again from the start.
    expect((await tus(provider.client, 'HEAD', location)).statusCode).toBe(404);
  });

  it('refuses a malformed file SHA-256 with 400 before storing anything', async () => {
    const bytes = randomBytes(1000);
    const { location } = await started('notes.txt', bytes.length);
    const refused = await patch(location, 0, bytes, { 'upload-file-sha256': 'not-a-digest' });
    expect(refused.statusCode).toBe(400);
    expect(await offsetOf(location)).toBe(0);
  });
});
