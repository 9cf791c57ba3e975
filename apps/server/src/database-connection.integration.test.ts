import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually.ts';
import { captureRequestInput } from '../test/public-forms.ts';
import { startTcpProxy, type TTcpProxy, urlThroughProxy } from '../test/tcp-proxy.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createPostgresUploadLocker } from './modules/uploads/postgres-upload-locker.ts';

/**
 * Losing the PostgreSQL connection (decision 071): the link is cut under load through a proxy the
 * test controls, or the server ends a session (pg_terminate_backend). The process stays up, answers
 * 503 with Retry-After meanwhile, and works again once the database is back; the upload locker
 * listens again and treats a lock on a lost connection as lost.
 *
 * These tests need a PostgreSQL server whichever driver the other tests use: the one at
 * TEST_DATABASE_URL, else the local one every development and CI machine has (STACK-NOTES).
 */

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let databaseName: string;
let databaseUrl: string;
let admin: pg.Client;

beforeAll(async () => {
  databaseName = `spacecapture_test_${randomUUID().replaceAll('-', '')}`;
  admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  const migrator = await openPostgres(databaseUrl, { poolSize: 1 });
  await migrator.migrate();
  await migrator.close();
});
afterAll(async () => {
  await admin?.query(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
});

/** Backends of this test's database that are listening for upload lock releases. */
/** Connections that LISTEN: the upload locker's and the notifications' (decision 122). */
/** Connections of their own that LISTEN: the notification stream's, the session ends' and the upload locker's. */
const LISTENERS = 3;

async function listeningBackends(): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 and query ilike 'listen %' order by backend_start`,
    [databaseName],
  );
  return rows.map((row) => row.pid);
}

describe('the app when its database connection is cut', () => {
  let proxy: TTcpProxy;
  let database: TDatabaseHandle;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    const target = new URL(databaseUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxiedUrl = urlThroughProxy(databaseUrl, proxy);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-outage-'));
    database = await openPostgres(proxiedUrl, { poolSize: 5 });
    app = await buildApp({
      config: loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        PUBLIC_FORM_RATE_LIMIT: '100000',
        DATABASE_URL: proxiedUrl,
      }),
      database,
      startWorkers: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    // Returns only once every connection is back in the pool: none stayed checked out by the cut.
    await database?.close();
    await proxy?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const submit = () =>
    app.inject({ method: 'POST', url: '/api/public/capture-requests', payload: captureRequestInput() });

  it('stays up, answers 503 with Retry-After while the link is down, and serves again once it is back', async () => {
    for (let index = 0; index < 3; index++) expect((await submit()).statusCode).toBe(201);
    await eventually(async () => expect(await listeningBackends()).toHaveLength(LISTENERS));

    // Eight clients send requests one after the other until told to stop.
    const answers: Array<{ status: number; retryAfter: unknown; code: unknown; afterCut: boolean }> = [];
    let cut = false;
    let stop = false;
    const clients = Array.from({ length: 8 }, async () => {
      while (!stop) {
        const response = await submit();
        const code = response.statusCode === 201 ? undefined : response.json().error?.code;
        answers.push({ status: response.statusCode, retryAfter: response.headers['retry-after'], code, afterCut: cut });
      }
    });

    await eventually(async () => expect(answers.length).toBeGreaterThanOrEqual(8));
    proxy.cut();
    cut = true;
    await eventually(async () => expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(8));
    proxy.restore();
    await eventually(async () => {
      const recent = answers.slice(-8);
      expect(recent.length === 8 && recent.every((answer) => answer.afterCut && answer.status === 201)).toBe(true);
    });
    stop = true;
    await Promise.all(clients);

    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.length).toBeGreaterThan(8);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 503, code: 'unavailable' });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // The upload locker and the notifications are listening again, each on a new connection.
    await eventually(async () => expect(await listeningBackends()).toHaveLength(LISTENERS));
    expect((await submit()).statusCode).toBe(201);
  });
});

describe('the upload locker when PostgreSQL ends its sessions', () => {
  it('listens again after its listening connection is terminated: a waiting lock still gets the holder to let go', async () => {
    const holderLocker = createPostgresUploadLocker(databaseUrl, { acquireTimeoutMs: 10_000 });
    let waiterLocker: ReturnType<typeof createPostgresUploadLocker> | undefined;
    try {
      // The holder's locker is listening; end that session from the server side.
      await eventually(async () => expect(await listeningBackends()).toHaveLength(1));
      const [terminated] = await listeningBackends();
      await admin.query('select pg_terminate_backend($1)', [terminated]);
      await eventually(async () => {
        const pids = await listeningBackends();
        expect(pids).toHaveLength(1);
        expect(pids).not.toContain(terminated);
      });

      waiterLocker = createPostgresUploadLocker(databaseUrl, { acquireTimeoutMs: 10_000 });
      await eventually(async () => expect(await listeningBackends()).toHaveLength(2));
      const id = `${randomUUID()}/1700000000000_relisten.e57`;
      const held = holderLocker.newLock(id);
      let releaseAsked = 0;
      await held.lock(new AbortController().signal, () => {
        releaseAsked += 1;
        void held.unlock();
      });
      const waiting = waiterLocker.newLock(id);
      await waiting.lock(new AbortController().signal, () => undefined);
      expect(releaseAsked).toBeGreaterThanOrEqual(1);
      await waiting.unlock();
    } finally {
      await holderLocker.close();
      await waiterLocker?.close();
    }
  });

  it('treats a lock whose connection was terminated as lost: the holder is told to stop, another can take it', async () => {
    const lockerA = createPostgresUploadLocker(databaseUrl, { acquireTimeoutMs: 10_000 });
    const lockerB = createPostgresUploadLocker(databaseUrl, { acquireTimeoutMs: 10_000 });
    try {
      const id = `${randomUUID()}/1700000000000_lost.e57`;
      const held = lockerA.newLock(id);
      let released = 0;
      await held.lock(new AbortController().signal, () => {
        released += 1;
      });
      const { rows } = await admin.query<{ pid: number }>(
        `select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and a.datname = $1`,
        [databaseName],
      );
      expect(rows).toHaveLength(1);
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);

      await eventually(async () => expect(released).toBe(1));
      const other = lockerB.newLock(id);
      await other.lock(new AbortController().signal, () => undefined);
      // The holder's request ends as asked; unlocking a lost lock is harmless.
      await held.unlock();
      await other.unlock();
    } finally {
      await lockerA.close();
      await lockerB.close();
    }
  });
});
