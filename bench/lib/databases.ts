import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import { openEmbeddedDatabase } from '@spacecapture/db/embedded';
import pg from 'pg';

/** A migrated database that belongs to one bench run; `dispose` removes every trace of it. */
export type TBenchDatabase = {
  label: string;
  handle: TDatabaseHandle;
  /** The app's DATA_DIR (uploaded files; for PGlite also the database itself). */
  dataDir: string;
  dispose(): Promise<void>;
};

/** PGlite in a fresh temp folder, opened as the server opens it (folder lock, initdb, migrations). */
export async function createPgliteDatabase(): Promise<TBenchDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-bench-'));
  const handle = await openEmbeddedDatabase(dataDir);
  await handle.migrate();
  return {
    label: 'PGlite',
    handle,
    dataDir,
    async dispose() {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database on the PostgreSQL server at `adminUrl`, dropped on dispose so runs never
 * collide. Resolves to a reason instead when the server cannot be reached.
 */
export async function createPostgresDatabase(adminUrl: string): Promise<TBenchDatabase | { skipped: string }> {
  const name = `spacecapture_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL at ${redact(adminUrl)} unreachable (${(error as Error).message})` };
  }
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-bench-'));
  try {
    // The server's default pool size, so the figures are those of a production instance.
    const handle = await openPostgres(url.toString());
    await handle.migrate();
    return {
      label: 'PostgreSQL',
      handle,
      dataDir,
      async dispose() {
        await handle.close();
        await drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** A URL for messages, without its password. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

export type TBenchEngine = { label: string; create: () => Promise<TBenchDatabase> };

/**
 * The databases a bench measures on: PGlite always, PostgreSQL when `postgresUrl` (the bench's
 * TEST_DATABASE_URL) is set; otherwise a note says why it was not measured.
 */
export function benchEngines(postgresUrl: string | undefined, notes: string[]): TBenchEngine[] {
  const engines: TBenchEngine[] = [{ label: 'PGlite', create: createPgliteDatabase }];
  if (!postgresUrl) {
    notes.push('PostgreSQL not measured: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');
    return engines;
  }
  engines.push({
    label: 'PostgreSQL',
    create: async () => {
      const created = await createPostgresDatabase(postgresUrl);
      if ('skipped' in created) throw new Error(created.skipped);
      return created;
    },
  });
  return engines;
}
