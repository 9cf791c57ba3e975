import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TClient, type TNewUser, type TResponse, type TSignedInUser } from '../../../test/accounts.ts';
import { type TTusArgs, tusMetadata, tusRequest } from '../../../test/deliverables.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { acceptedJob, COMPANY_EMAIL, createOrganization } from '../../../test/workflow.ts';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from '../../modules/uploads/abandoned-uploads.ts';

/**
 * The upload endpoints against a provider who tries more than uploading their own files: an upload
 * URL that names two uploads, metadata PostgreSQL cannot store, unbounded reservations of space;
 * and tus's own answers carrying the security headers of every other answer.
 */

const UPLOADS = '/api/provider/uploads';
const MAX_BYTES = 3_000_000;
const RESERVED_PER_ORG = 5_000_000;
const HOUR = 3_600_000;

let t: TTestApp;
/** Windows start as jobs are made (acceptedJob moves this clock past them). */
const clock = movableClock();
let admin: TClient;
let newUser: TNewUser;
let attacker: TSignedInUser;
let victim: TSignedInUser;
let customerOrgId: string;

beforeAll(async () => {
  ({ t, admin, newUser } = await createTestAppWithAdmin({
    clock: clock.now,
    env: {
      COMPANY_EMAIL,
      UPLOAD_MAX_BYTES: String(MAX_BYTES),
      UPLOAD_RESERVED_BYTES_PER_ORG: String(RESERVED_PER_ORG),
    },
  }));
  attacker = await newProvider('Sly Scans');
  victim = await newProvider('Honest Scans');
  customerOrgId = (await createOrganization(admin, 'customer')).id;
}, 90_000);
afterAll(async () => {
  await t?.close();
});

function newProvider(name: string) {
  return newUser('provider_admin', { name: `${name} ${randomUUID().slice(0, 6)}` });
}

async function orderOf(provider: TSignedInUser) {
  return (await acceptedJob(t.app, { admin, customerOrgId, provider }, { clock })).orderId;
}

/** A tus request to this file's app (tusRequest). */
const tus = (...args: TTusArgs) => tusRequest(t.app, ...args);

function create(client: TClient, orderId: string, length: number, metadata: Record<string, string> = {}) {
  return tus(client, 'POST', UPLOADS, {
    headers: {
      'upload-length': String(length),
      'upload-metadata': tusMetadata({ orderId, filename: 'scan.e57', ...metadata }),
    },
  });
}

async function created(client: TClient, orderId: string, length: number) {
  const answer = await create(client, orderId, length);
  expect(answer.statusCode, answer.body).toBe(201);
  return String(answer.headers.location);
}

function patch(client: TClient, url: string, offset: number, body: Buffer) {
  return tus(client, 'PATCH', url, { headers: { 'upload-offset': String(offset) }, body });
}

async function offsetOf(client: TClient, location: string) {
  const head = await tus(client, 'HEAD', location);
  expect(head.statusCode, head.body).toBe(200);
  return Number(head.headers['upload-offset']);
}

describe('an upload URL', () => {
  it('cannot reach another organisation’s upload through a query string (PATCH, DELETE)', async () => {
    const own = await created(attacker.client, await orderOf(attacker), 1000);
    const foreign = await created(victim.client, await orderOf(victim), 1000);
    const foreignId = foreign.slice(`${UPLOADS}/`.length);

    const written = await patch(attacker.client, `${own}?x=/${foreignId}`, 0, randomBytes(8));
    expect(await offsetOf(victim.client, foreign)).toBe(0);
    expect(await offsetOf(attacker.client, own)).toBe(0);
    expect(written.statusCode, written.body).toBe(400);
    expect(errorOf(written).code).toBe('bad_request');

    const removed = await tus(attacker.client, 'DELETE', `${own}?x=/${foreignId}`);
    expect(await offsetOf(victim.client, foreign)).toBe(0);
    expect(await offsetOf(attacker.client, own)).toBe(0);
    expect(removed.statusCode, removed.body).toBe(400);
  });

  it('names exactly one upload: extra path segments find nothing, an encoded slash is no upload id', async () => {
    const own = await created(attacker.client, await orderOf(attacker), 1000);
    const foreign = await created(victim.client, await orderOf(victim), 1000);
    const foreignId = foreign.slice(`${UPLOADS}/`.length);

    for (const [url, status] of [
      [`${own}/${foreignId}`, 404],
      [`${own}/..%2F${foreignId}`, 404],
      [`${own}%2F${foreignId}`, 400],
      [`${UPLOADS}/${foreignId.replace('~', '%2F')}`, 400],
    ] as const) {
      const written = await patch(attacker.client, url, 0, randomBytes(8));
      expect(written.statusCode, `${url}: ${written.body}`).toBe(status);
      expect(errorOf(written).code).toBe(status === 404 ? 'not_found' : 'validation_failed');
      const removed = await tus(attacker.client, 'DELETE', url);
      expect(removed.statusCode, `${url}: ${removed.body}`).toBe(status);
    }
    expect(await offsetOf(victim.client, foreign)).toBe(0);
    expect(await offsetOf(attacker.client, own)).toBe(0);
  });
});

describe('upload metadata', () => {
  it('is refused at creation, naming the field, when PostgreSQL could not store it or it is malformed', async () => {
    const orderId = await orderOf(attacker);
    for (const [metadata, field] of [
      [{ filename: 'scan\u0000.e57' }, 'filename'],
      [{ filename: 'scan\u0007.e57' }, 'filename'],
      [{ filename: '   ' }, 'filename'],
      [{ filename: `${'a'.repeat(250)}.e57` }, 'filename'],
      [{ orderId: 'not-an-order' }, 'orderId'],
      [{ sha256: 'abc' }, 'sha256'],
      [{ sha256: `${'a'.repeat(63)}\u0000` }, 'sha256'],
    ] as const) {
      const answer = await create(attacker.client, orderId, 10, metadata);
      expect(answer.statusCode, `${JSON.stringify(metadata)}: ${answer.body}`).toBe(400);
      const error = errorOf(answer);
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {})).toEqual([field]);
      expect(error.message).toContain(field);
    }
  });

  it('with a file name of letters from anywhere is accepted and recorded as sent', async () => {
    const orderId = await orderOf(attacker);
    const bytes = randomBytes(100);
    const answer = await create(attacker.client, orderId, bytes.length, { filename: 'Étage 2 – plan.pdf' });
    expect(answer.statusCode, answer.body).toBe(201);
    const done = await patch(attacker.client, String(answer.headers.location), 0, bytes);
    expect(done.statusCode, done.body).toBe(204);
    const files = await attacker.client.get(`/api/provider/files?order=${orderId}`);
    expect(files.json().items[0]).toMatchObject({ fileName: 'Étage 2 – plan.pdf', size: 100 });
  });
});

describe('space reserved by unfinished uploads', () => {
  it('is bounded per organisation; finishing, terminating and sweeping free it', async () => {
    const provider = await newProvider('Greedy Scans');
    const orderId = await orderOf(provider);
    const first = await created(provider.client, orderId, 3_000_000);
    const second = await created(provider.client, orderId, 2_000_000);

    const over = await create(provider.client, orderId, 1);
    expect(over.statusCode, over.body).toBe(413);
    expect(errorOf(over).code).toBe('payload_too_large');
    expect(errorOf(over).message).toContain(String(RESERVED_PER_ORG));
    // Another organisation's share is its own.
    await created(victim.client, await orderOf(victim), 1000);

    expect((await tus(provider.client, 'DELETE', second)).statusCode).toBe(204);
    const third = await created(provider.client, orderId, 1_500_000);
    expect((await create(provider.client, orderId, 600_000)).statusCode).toBe(413);

    const done = await patch(provider.client, third, 0, randomBytes(1_500_000));
    expect(done.statusCode, done.body).toBe(204);
    await created(provider.client, orderId, 600_000);
    expect((await create(provider.client, orderId, 1_500_000)).statusCode).toBe(413);

    // A week later the unfinished ones are swept, and with them their share.
    const removed = await sweepAbandonedUploads({
      db: t.db,
      files: t.app.files,
      now: new Date(Date.now() + ABANDONED_UPLOAD_MS + HOUR),
    });
    expect(removed).toContain(first.slice(`${UPLOADS}/`.length).replace('~', '/'));
    await created(provider.client, orderId, 3_000_000);
    await created(provider.client, orderId, 2_000_000);
  });

  it('is not held by a creation tus refuses', async () => {
    const provider = await newProvider('Unlucky Scans');
    const orderId = await orderOf(provider);
    const refused = await tus(provider.client, 'POST', UPLOADS, {
      headers: {
        'tus-resumable': '0.2.2',
        'upload-length': String(RESERVED_PER_ORG),
        'upload-metadata': tusMetadata({ orderId, filename: 'scan.e57' }),
      },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await created(provider.client, orderId, 3_000_000);
    await created(provider.client, orderId, 2_000_000);
  });

  it('holds when creations arrive at once', async () => {
    const provider = await newProvider('Hasty Scans');
    const orderId = await orderOf(provider);
    const share = RESERVED_PER_ORG / 5;
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => create(provider.client, orderId, share)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, `round ${round}`).toEqual([201, 201, 201, 201, 201, 413, 413, 413]);
      for (const answer of answers.filter((candidate) => candidate.statusCode === 201)) {
        expect((await tus(provider.client, 'DELETE', String(answer.headers.location))).statusCode).toBe(204);
      }
    }
  });
});

describe('tus answers', () => {
  /** The headers every other answer carries, as an ordinary API answer shows them. */
  const SECURITY_HEADERS = [
    'content-security-policy',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'permissions-policy',
  ];
  let expected: Record<string, unknown> = {};
  beforeAll(async () => {
    const ordinary = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, ordinary.headers[name]]));
    for (const name of SECURITY_HEADERS) expect(expected[name], name).toBeTruthy();
  });

  function expectSecurityHeaders(answer: TResponse, what: string) {
    for (const [name, value] of Object.entries(expected)) {
      expect(answer.headers[name], `${what}: ${name}`).toBe(value);
    }
  }

  it('carry the security headers: OPTIONS, POST, HEAD, PATCH, DELETE and errors', async () => {
    const orderId = await orderOf(attacker);
    const options = await tus(null, 'OPTIONS', UPLOADS, { headers: { 'access-control-request-method': 'POST' } });
    expect(options.statusCode).toBe(204);
    expect(options.headers['tus-version']).toBe('1.0.0');
    expectSecurityHeaders(options, 'OPTIONS');

    const post = await create(attacker.client, orderId, 100);
    expect(post.statusCode).toBe(201);
    expectSecurityHeaders(post, 'POST');
    const location = String(post.headers.location);
    const optionsOfUpload = await tus(null, 'OPTIONS', location);
    expect(optionsOfUpload.statusCode).toBe(204);
    expectSecurityHeaders(optionsOfUpload, 'OPTIONS of an upload');

    const head = await tus(attacker.client, 'HEAD', location);
    expect(head.statusCode).toBe(200);
    expectSecurityHeaders(head, 'HEAD');
    const part = await patch(attacker.client, location, 0, randomBytes(10));
    expect(part.statusCode).toBe(204);
    expectSecurityHeaders(part, 'PATCH');
    const conflict = await patch(attacker.client, location, 0, randomBytes(10));
    expect(conflict.statusCode).toBe(409);
    expectSecurityHeaders(conflict, 'PATCH at a wrong offset');
    const noVersion = await tus(attacker.client, 'HEAD', location, { headers: { 'tus-resumable': '' } });
    expect(noVersion.statusCode).toBe(412);
    expectSecurityHeaders(noVersion, 'HEAD without Tus-Resumable');
    const deleted = await tus(attacker.client, 'DELETE', location);
    expect(deleted.statusCode).toBe(204);
    expectSecurityHeaders(deleted, 'DELETE');
    const gone = await tus(attacker.client, 'HEAD', location);
    expect(gone.statusCode).toBe(404);
    expectSecurityHeaders(gone, 'HEAD of a removed upload');
    const refused = await create(victim.client, orderId, 100);
    expect(refused.statusCode).toBe(404);
    expectSecurityHeaders(refused, 'POST refused by the guard');
  });
});

describe('tus’s own refusals', () => {
  function expectOurError(answer: TResponse, status: number, code: string, what: string) {
    expect(answer.statusCode, `${what}: ${answer.body}`).toBe(status);
    expect(answer.headers['content-type'], what).toMatch(/^application\/json/);
    expect(errorOf(answer).code, what).toBe(code);
    expect(errorOf(answer).message.length, what).toBeGreaterThan(0);
  }

  it('come in our error shape, with tus’s status', async () => {
    const orderId = await orderOf(attacker);
    const location = await created(attacker.client, orderId, 10);
    expect((await patch(attacker.client, location, 0, randomBytes(4))).statusCode).toBe(204);

    expectOurError(await patch(attacker.client, location, 0, randomBytes(4)), 409, 'conflict', 'a wrong offset');
    const noVersion = await tus(attacker.client, 'PATCH', location, {
      headers: { 'tus-resumable': '', 'upload-offset': '4' },
      body: randomBytes(2),
    });
    expectOurError(noVersion, 412, 'precondition_failed', 'no Tus-Resumable');
    const unknownVersion = await tus(attacker.client, 'PATCH', location, {
      headers: { 'tus-resumable': '0.2.2', 'upload-offset': '4' },
      body: randomBytes(2),
    });
    expectOurError(unknownVersion, 400, 'bad_request', 'an unknown Tus-Resumable');
    const badHeader = await tus(attacker.client, 'POST', UPLOADS, {
      headers: {
        'upload-length': '10',
        'upload-defer-length': '1.5',
        'upload-metadata': tusMetadata({ orderId, filename: 'scan.e57' }),
      },
    });
    expectOurError(badHeader, 400, 'bad_request', 'a malformed Upload-Defer-Length');

    expect((await patch(attacker.client, location, 4, randomBytes(6))).statusCode).toBe(204);
    expectOurError(await tus(attacker.client, 'DELETE', location), 400, 'bad_request', 'terminating a finished upload');
  });
});
