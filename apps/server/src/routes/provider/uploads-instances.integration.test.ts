import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, schema, type TDatabaseHandle } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSignedInAdmin, createSignedInUser, type TClient, type TSignedInUser } from '../../../test/accounts.ts';
import { tusRequest } from '../../../test/deliverables.ts';
import { movableClock } from '../../../test/movable-clock.ts';
import { TEST_PASSWORD_HASHING } from '../../../test/password-hashing.ts';
import { createPostgresTestDatabase } from '../../../test/postgres-test-database.ts';
import { acceptedJob, createOrganization } from '../../../test/workflow.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createPostgresUploadLocker } from '../../modules/uploads/postgres-upload-locker.ts';

/**
 * Two instances of the app on one database and one files folder (decision 045): an upload started
 * on one continues on the other, and the result is recorded once with the right checksum. On
 * PostgreSQL each instance has its own connection pool and the advisory-lock locker, which is
 * shown to be exclusive across instances.
 */

const onPostgres = process.env.TEST_DATABASE_DRIVER === 'postgres';

type TShared = { handles: TDatabaseHandle[]; url: string | undefined; dispose(): Promise<void> };

/** One database both instances open: a PostgreSQL database of this file, or one PGlite handle shared. */
async function sharedDatabase(): Promise<TShared> {
  if (onPostgres) {
    const { url, drop } = await createPostgresTestDatabase();
    const first = await openPostgres(url, { poolSize: 5 });
    const second = await openPostgres(url, { poolSize: 5 });
    return {
      handles: [first, second],
      url,
      async dispose() {
        await first.close();
        await second.close();
        await drop();
      },
    };
  }
  const dump = await readFile(inject('pgliteDumpPath'));
  const handle = await openPglite(undefined, { loadDataDir: new Blob([dump]) });
  return { handles: [handle, handle], url: undefined, dispose: () => handle.close() };
}

let shared: TShared;
/** Both instances' clock: windows start as jobs are made (acceptedJob moves it past them). */
const clock = movableClock();
let dataDir: string;
let first: FastifyInstance;
let second: FastifyInstance;
let provider: TSignedInUser;
let customerOrgId: string;
let admin: TClient;

beforeAll(async () => {
  shared = await sharedDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-instances-'));
  const start = async (handle: TDatabaseHandle) => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...(shared.url ? { DATABASE_URL: shared.url } : {}),
    });
    const app = await buildApp({
      config,
      database: handle,
      startWorkers: false,
      clock: clock.now,
      passwordHashing: TEST_PASSWORD_HASHING,
    });
    await app.ready();
    return app;
  };
  first = await start(shared.handles[0] as TDatabaseHandle);
  second = await start(shared.handles[1] as TDatabaseHandle);
  admin = (await createSignedInAdmin(first)).client;
  provider = await createSignedInUser(first, first.db, admin, {
    role: 'provider_admin',
    organization: { name: `Twin Scans ${randomUUID().slice(0, 6)}` },
  });
  customerOrgId = (await createOrganization(admin, 'customer')).id;
}, 90_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  await shared?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

async function scheduledOrder() {
  return (
    await acceptedJob(
      first,
      { admin, customerOrgId, provider },
      { location: `Twin Yard ${randomUUID().slice(0, 8)}`, clock },
    )
  ).orderId;
}

/** A tus request with the provider's session, sent to one instance or the other. */
function tus(app: FastifyInstance, method: 'POST' | 'HEAD' | 'PATCH', url: string, headers = {}, body?: Buffer) {
  return tusRequest(app, provider.client, method, url, { headers, ...(body ? { body } : {}) });
}

describe('two instances', () => {
  it('continue one upload: started on the first, resumed on the second, recorded once', async () => {
    const orderId = await scheduledOrder();
    const bytes = randomBytes(600_000);
    const metadata = `orderId ${Buffer.from(orderId).toString('base64')},filename ${Buffer.from('twin.las').toString('base64')}`;
    const created = await tus(first, 'POST', '/api/provider/uploads', {
      'upload-length': String(bytes.length),
      'upload-metadata': metadata,
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const half = await tus(first, 'PATCH', location, { 'upload-offset': '0' }, bytes.subarray(0, 250_000));
    expect(half.statusCode, half.body).toBe(204);

    const head = await tus(second, 'HEAD', location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('250000');
    const rest = await tus(second, 'PATCH', location, { 'upload-offset': '250000' }, bytes.subarray(250_000));
    expect(rest.statusCode, rest.body).toBe(204);

    const rows = await first.db.select().from(schema.deliverables).where(eq(schema.deliverables.orderId, orderId));
    expect(rows).toHaveLength(1);
    // The second instance never saw the first half: it read the file once for the checksum.
    expect(rows[0]?.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await tus(first, 'HEAD', location)).headers['upload-offset']).toBe(String(bytes.length));
  });

  if (onPostgres) {
    it('hold one advisory lock per upload across instances and ask the holder to let go', async () => {
      const lockerA = createPostgresUploadLocker(shared.url as string, { acquireTimeoutMs: 5_000 });
      const lockerB = createPostgresUploadLocker(shared.url as string, { acquireTimeoutMs: 5_000 });
      try {
        const id = `${randomUUID()}/1700000000000_lock.e57`;
        const held = lockerA.newLock(id);
        let releaseAsked = 0;
        await held.lock(new AbortController().signal, () => {
          releaseAsked += 1;
          // The holder's request ends soon after being asked (as a cancelled PATCH would).
          setTimeout(() => void held.unlock(), 200);
        });
        const waiting = lockerB.newLock(id);
        const startedAt = Date.now();
        await waiting.lock(new AbortController().signal, () => undefined);
        expect(releaseAsked).toBeGreaterThanOrEqual(1);
        expect(Date.now() - startedAt).toBeGreaterThanOrEqual(150);
        // While B holds it, A cannot take it back before the timeout.
        const stop = new AbortController();
        setTimeout(() => stop.abort(), 300);
        await expect(lockerA.newLock(id).lock(stop.signal, () => undefined)).rejects.toMatchObject({
          status_code: 500,
        });
        await waiting.unlock();
        const again = lockerA.newLock(id);
        await again.lock(new AbortController().signal, () => undefined);
        await again.unlock();
      } finally {
        await lockerA.close();
        await lockerB.close();
      }
    });
  }
});
