import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createSignedInAdmin, createSignedInUser, type TSignedInUser } from '../../../test/accounts.ts';
import { createPostgresTestDatabase } from '../../../test/postgres-test-database.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';

/**
 * A revoked key is refused at once on every instance (issue 15, decision 115): two instances on
 * one database (on PostgreSQL each with its own pool); the key is revoked on the first and the
 * second refuses its very next request, as keys are never cached.
 */

const onPostgres = process.env.TEST_DATABASE_DRIVER === 'postgres';
type TShared = { handles: TDatabaseHandle[]; dispose(): Promise<void> };

async function sharedDatabase(): Promise<TShared> {
  if (onPostgres) {
    const { url, drop } = await createPostgresTestDatabase();
    const first = await openPostgres(url, { poolSize: 5 });
    const second = await openPostgres(url, { poolSize: 5 });
    return {
      handles: [first, second],
      async dispose() {
        await first.close();
        await second.close();
        await drop();
      },
    };
  }
  const dump = await readFile(inject('pgliteDumpPath'));
  const handle = await openPglite(undefined, { loadDataDir: new Blob([dump]) });
  return { handles: [handle, handle], dispose: () => handle.close() };
}

let shared: TShared;
let dataDir: string;
let first: FastifyInstance;
let second: FastifyInstance;
let owner: TSignedInUser;

beforeAll(async () => {
  shared = await sharedDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-keys-'));
  const start = async (handle: TDatabaseHandle, name: string) => {
    const config = loadConfig({
      DATA_DIR: path.join(dataDir, name),
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    const app = await buildApp({ config, database: handle, startWorkers: false });
    await app.ready();
    return app;
  };
  first = await start(shared.handles[0] as TDatabaseHandle, 'first');
  second = await start(shared.handles[1] as TDatabaseHandle, 'second');
  const admin = (await createSignedInAdmin(first)).client;
  owner = await createSignedInUser(first, first.db, admin, {
    role: 'customer_admin',
    organization: { name: `Twin Keys ${randomUUID().slice(0, 6)}` },
  });
}, 240_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  await shared?.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

it('refuses a key revoked on one instance on the very next request to the other', async () => {
  const created = await owner.client.post('/api/customer/api-keys', { name: 'Twin', scopes: ['orders:read'] });
  expect(created.statusCode, created.body).toBe(201);
  const { key, secret } = created.json() as { key: { id: string }; secret: string };
  const read = (app: FastifyInstance) =>
    app.inject({ method: 'GET', url: '/api/customer/orders', headers: { authorization: `Bearer ${secret}` } });
  expect((await read(second)).statusCode).toBe(200);
  const revoked = await owner.client.post(`/api/customer/api-keys/${key.id}/revoke`);
  expect(revoked.statusCode, revoked.body).toBe(200);
  // The very next request, with no wait: nothing on the second instance remembered the key.
  expect((await read(second)).statusCode).toBe(401);
  expect((await read(first)).statusCode).toBe(401);
});
