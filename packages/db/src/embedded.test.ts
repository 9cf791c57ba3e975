import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from './client.ts';
import { DataDirLockedError, openEmbeddedDatabase } from './embedded.ts';

/** A fresh PGlite folder costs a few seconds of initdb: these tests share what they can. */
const INITDB_TIMEOUT = 60_000;

const roots: string[] = [];
function temporaryFolder() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spacecapture-embedded-'));
  roots.push(dir);
  return dir;
}

/** The pid of a process that has exited (not reused this soon). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const pid = Number.parseInt(child.stdout, 10);
  expect(Number.isInteger(pid)).toBe(true);
  expect(() => process.kill(pid, 0)).toThrow();
  return pid;
}

/** The rows a statement returns (PGlite answers `{ rows }`). */
async function rowsOf<T>(handle: TDatabaseHandle, statement: SQL): Promise<T[]> {
  const result = (await handle.db.execute(statement)) as { rows: T[] };
  return result.rows;
}

async function readNotes(handle: TDatabaseHandle): Promise<string[]> {
  const rows = await rowsOf<{ body: string }>(handle, sql`select body from notes order by body`);
  return rows.map((row) => row.body);
}

afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

describe('openEmbeddedDatabase on one data folder', () => {
  let dataDir: string;
  let first: TDatabaseHandle | undefined;

  beforeAll(async () => {
    dataDir = path.join(temporaryFolder(), 'nested', 'data');
    first = await openEmbeddedDatabase(dataDir);
  }, INITDB_TIMEOUT);

  afterAll(async () => {
    await first?.close();
  });

  it('creates the database under db/, creating missing parent folders, and holds the lock', async () => {
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'db.initialising'))).toBe(false);
    expect(readFileSync(path.join(dataDir, 'instance.lock'), 'utf8')).toBe(String(process.pid));
    expect(await rowsOf(first!, sql`select 1 + 1 as two`)).toEqual([{ two: 2 }]);
  });

  it('refuses a second open of the same folder while the first is open, naming the folder', async () => {
    const attempt = openEmbeddedDatabase(dataDir);
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(dataDir);
    // The refused open left the first one working and its lock in place.
    expect(readFileSync(path.join(dataDir, 'instance.lock'), 'utf8')).toBe(String(process.pid));
    await first!.db.execute(sql`select 1`);
  });

  it(
    'keeps written data across close and reopen, and releases the lock on close',
    async () => {
      await first!.db.execute(sql`create table notes (body text not null)`);
      await first!.db.execute(sql`insert into notes (body) values ('kept'), ('also kept')`);
      await first!.close();
      first = undefined;
      expect(existsSync(path.join(dataDir, 'instance.lock'))).toBe(false);

      const reopened = await openEmbeddedDatabase(dataDir);
      try {
        expect(await readNotes(reopened)).toEqual(['also kept', 'kept']);
      } finally {
        await reopened.close();
      }
    },
    INITDB_TIMEOUT,
  );

  it(
    'takes over a lock file left by a process that died',
    async () => {
      const lockPath = path.join(dataDir, 'instance.lock');
      writeFileSync(lockPath, String(deadPid()));
      const handle = await openEmbeddedDatabase(dataDir);
      try {
        expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
        expect(await readNotes(handle)).toEqual(['also kept', 'kept']);
      } finally {
        await handle.close();
      }
    },
    INITDB_TIMEOUT,
  );

  it(
    'takes over a lock naming this pid that this process does not hold (a restarted container is pid 1 again)',
    async () => {
      const lockPath = path.join(dataDir, 'instance.lock');
      writeFileSync(lockPath, String(process.pid));
      const handle = await openEmbeddedDatabase(dataDir);
      try {
        expect(await readNotes(handle)).toEqual(['also kept', 'kept']);
        await expect(openEmbeddedDatabase(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
      } finally {
        await handle.close();
      }
    },
    INITDB_TIMEOUT,
  );

  it('refuses a folder whose lock is held by another live process', async () => {
    const lockPath = path.join(dataDir, 'instance.lock');
    // The parent of this test process is alive and is not this process.
    writeFileSync(lockPath, String(process.ppid));
    try {
      await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(
        new DataDirLockedError(dataDir, process.ppid).message,
      );
      expect(readFileSync(lockPath, 'utf8')).toBe(String(process.ppid));
    } finally {
      rmSync(lockPath, { force: true });
    }
  });
});

describe('openEmbeddedDatabase after an interrupted or foreign start', () => {
  it(
    'discards a leftover db.initialising folder and creates a working database',
    async () => {
      const dataDir = temporaryFolder();
      const partial = path.join(dataDir, 'db.initialising');
      mkdirSync(path.join(partial, 'base'), { recursive: true });
      writeFileSync(path.join(partial, 'half-written'), 'garbage');

      const handle = await openEmbeddedDatabase(dataDir);
      try {
        expect(existsSync(partial)).toBe(false);
        expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
        expect(existsSync(path.join(dataDir, 'db', 'half-written'))).toBe(false);
        await handle.db.execute(sql`create table t (n int)`);
        await handle.db.execute(sql`insert into t values (7)`);
        expect(await rowsOf(handle, sql`select n from t`)).toEqual([{ n: 7 }]);
      } finally {
        await handle.close();
      }
    },
    INITDB_TIMEOUT,
  );

  it('refuses a non-empty db folder that is not a database, with a clear message, and leaves it alone', async () => {
    const dataDir = temporaryFolder();
    const dbDir = path.join(dataDir, 'db');
    mkdirSync(dbDir);
    writeFileSync(path.join(dbDir, 'holiday-photos.txt'), 'not a database');

    await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(
      `${dbDir} exists but is not a database folder; move it away and start again.`,
    );
    expect(readdirSync(dbDir)).toEqual(['holiday-photos.txt']);
    // The refusal released the folder lock.
    expect(existsSync(path.join(dataDir, 'instance.lock'))).toBe(false);
  });
});
