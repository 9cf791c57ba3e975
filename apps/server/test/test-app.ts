import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPgliteThread, openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type TAppOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

/**
 * A fresh database per test file: a copy of the migrated PGlite dump, or, when
 * TEST_DATABASE_DRIVER=postgres, a new database on the server at TEST_DATABASE_URL that is
 * dropped afterwards (so two runs never collide).
 */
export async function createTestDatabase(): Promise<TDatabaseHandle> {
  if (process.env.TEST_DATABASE_DRIVER === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_DRIVER=postgres needs TEST_DATABASE_URL');
    const name = `spacecapture_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), { poolSize: 5 });
    await handle.migrate();
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteDumpPath'));
  // As the server runs it: in its own thread (decision 110).
  return openPgliteThread({ loadDataDir: new Blob([dump]) });
}

export type TTestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The whole app on a fresh database, with its own data folder; workers off unless asked. */
export async function createTestApp(
  options: { env?: Record<string, string>; startWorkers?: boolean } & Partial<
    Pick<TAppOptions, 'clock' | 'outbox' | 'mailTransport' | 'offerExpiry' | 'logger' | 'thumbnails'>
  > = {},
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-app-'));
  const database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    PUBLIC_FORM_RATE_LIMIT: '1000',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    startWorkers: options.startWorkers ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.outbox ? { outbox: options.outbox } : {}),
    ...(options.offerExpiry ? { offerExpiry: options.offerExpiry } : {}),
    ...(options.thumbnails ? { thumbnails: options.thumbnails } : {}),
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
