import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TEST_PASSWORD_HASHING } from './password-hashing.ts';
import { createPostgresTestDatabase } from './postgres-test-database.ts';

/**
 * Two instances of the app on one database, as behind a load balancer: on PostgreSQL
 * (TEST_DATABASE_DRIVER=postgres) a fresh database that each instance opens with its own pool; on
 * PGlite, which is one process, one handle both share.
 */
export async function createTwoInstances(options: { env?: Record<string, string> } = {}) {
  const handles: TDatabaseHandle[] = [];
  let dropDatabase = async (): Promise<void> => undefined;
  let url: string | undefined;
  if (process.env.TEST_DATABASE_DRIVER === 'postgres') {
    const database = await createPostgresTestDatabase();
    url = database.url;
    handles.push(await openPostgres(url, { poolSize: 5 }), await openPostgres(url, { poolSize: 5 }));
    dropDatabase = database.drop;
  } else {
    const dump = await readFile(inject('pgliteDumpPath'));
    const handle = await openPglite(undefined, { loadDataDir: new Blob([dump]) });
    handles.push(handle, handle);
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-two-'));
  const apps: FastifyInstance[] = [];
  for (const handle of handles) {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      PUBLIC_FORM_RATE_LIMIT: '1000',
      ...(url ? { DATABASE_URL: url } : {}),
      ...options.env,
    });
    const app = await buildApp({
      config,
      database: handle,
      startWorkers: false,
      passwordHashing: TEST_PASSWORD_HASHING,
    });
    await app.ready();
    apps.push(app);
  }
  return {
    first: apps[0] as FastifyInstance,
    second: apps[1] as FastifyInstance,
    async close() {
      for (const app of apps) await app.close();
      for (const handle of new Set(handles)) await handle.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
