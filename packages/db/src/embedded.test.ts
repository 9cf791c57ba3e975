import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDatabaseHandle } from './client.ts';
import { DataDirLockedError, LOCK_STALE_AFTER_MS, lockDataDir, openEmbeddedDatabase } from './embedded.ts';

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

/** The pid named by a lock file. */
function lockHolderPid(lockPath: string): number {
  return (JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number }).pid;
}

/** How this machine describes a process in a lock file: pid, start time, boot and pid namespace. */
function describeProcess(pid: number, overrides: Record<string, unknown> = {}) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return JSON.stringify({
    pid,
    startTicks: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19],
    bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    pidNamespace: readlinkSync('/proc/self/ns/pid'),
    ...overrides,
  });
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
    expect(lockHolderPid(path.join(dataDir, 'instance.lock'))).toBe(process.pid);
    expect(await rowsOf(first!, sql`select 1 + 1 as two`)).toEqual([{ two: 2 }]);
  });

  it('refuses a second open of the same folder while the first is open, naming the folder', async () => {
    const attempt = openEmbeddedDatabase(dataDir);
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(dataDir);
    // The refused open left the first one working and its lock in place.
    expect(lockHolderPid(path.join(dataDir, 'instance.lock'))).toBe(process.pid);
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
        expect(lockHolderPid(lockPath)).toBe(process.pid);
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

  it(
    'takes over a lock naming pid 1 that another process now has (a container restarted under an init)',
    async () => {
      const lockPath = path.join(dataDir, 'instance.lock');
      // Pid 1 is alive here, but it is not the process that wrote the lock: its start time differs.
      const startTicks = String(Number(JSON.parse(describeProcess(1)).startTicks) + 1);
      writeFileSync(lockPath, describeProcess(1, { startTicks }));
      const handle = await openEmbeddedDatabase(dataDir);
      try {
        expect(lockHolderPid(lockPath)).toBe(process.pid);
        expect(await readNotes(handle)).toEqual(['also kept', 'kept']);
      } finally {
        await handle.close();
      }
    },
    INITDB_TIMEOUT,
  );

  it(
    'takes over a lock left by an earlier boot of the machine',
    async () => {
      const lockPath = path.join(dataDir, 'instance.lock');
      writeFileSync(lockPath, describeProcess(process.ppid, { bootId: 'an-earlier-boot' }));
      const handle = await openEmbeddedDatabase(dataDir);
      await handle.close();
    },
    INITDB_TIMEOUT,
  );

  it('refuses a folder whose lock is held by another live process, naming the folder and how to recover', async () => {
    const lockPath = path.join(dataDir, 'instance.lock');
    // The parent of this test process is alive and is not this process.
    writeFileSync(lockPath, describeProcess(process.ppid));
    try {
      const attempt = openEmbeddedDatabase(dataDir);
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(`The data folder ${dataDir} is in use`);
      await expect(attempt).rejects.toThrow(`(process ${process.ppid})`);
      await expect(attempt).rejects.toThrow(`remove ${lockPath} and start again`);
      expect(lockHolderPid(lockPath)).toBe(process.ppid);
    } finally {
      rmSync(lockPath, { force: true });
    }
  });

  it('refuses a lock of an earlier version naming a live process, saying which file to remove', async () => {
    const lockPath = path.join(dataDir, 'instance.lock');
    writeFileSync(lockPath, String(process.ppid));
    try {
      await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow(`remove ${lockPath} and start again`);
    } finally {
      rmSync(lockPath, { force: true });
    }
  });

  it('refuses a lock from another container while its heartbeat is fresh, and takes it over once stale', async () => {
    const lockPath = path.join(dataDir, 'instance.lock');
    writeFileSync(lockPath, describeProcess(process.ppid, { pid: 1, pidNamespace: 'pid:[another-container]' }));
    try {
      await expect(openEmbeddedDatabase(dataDir)).rejects.toThrow('in another container');
      const unseenSince = new Date(Date.now() - LOCK_STALE_AFTER_MS - 1000);
      utimesSync(lockPath, unseenSince, unseenSince);
      const release = lockDataDir(dataDir);
      expect(lockHolderPid(lockPath)).toBe(process.pid);
      release();
    } finally {
      rmSync(lockPath, { force: true });
    }
  });
});

describe('lockDataDir heartbeat', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps touching the lock file while held, so instances that cannot see this process know it lives', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const dataDir = temporaryFolder();
    const release = lockDataDir(dataDir);
    const lockPath = path.join(dataDir, 'instance.lock');
    try {
      const longAgo = new Date('2020-01-01T00:00:00Z');
      utimesSync(lockPath, longAgo, longAgo);
      vi.advanceTimersByTime(LOCK_STALE_AFTER_MS / 2);
      expect(statSync(lockPath).mtimeMs).toBeGreaterThan(longAgo.getTime());
    } finally {
      release();
    }
    expect(existsSync(lockPath)).toBe(false);
  });
});

describe('openEmbeddedDatabase durability', () => {
  it(
    'syncs every commit to disk before acknowledging it',
    async () => {
      const handle = await openEmbeddedDatabase(temporaryFolder());
      try {
        await handle.db.execute(sql`create table notes (body text not null)`);
        // The database's thread syncs (decision 110) and counts its syncs of the disk.
        const before = await handle.diskSyncs!();
        for (let commit = 0; commit < 5; commit++) {
          await handle.db.execute(sql`insert into notes (body) values (${`commit ${commit}`})`);
        }
        expect((await handle.diskSyncs!()) - before).toBeGreaterThanOrEqual(5);
      } finally {
        await handle.close();
      }
    },
    INITDB_TIMEOUT,
  );
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
