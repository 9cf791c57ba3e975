import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite, openPostgres, schema, type TDatabase } from '@spacecapture/db/client';
import { lockDataDir, openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { seedDemo } from '../../seed/demo-data.ts';

/**
 * `npm run backup` and `npm run restore` as an operator runs them, on the demo marketplace: the
 * restored copy has the same rows in the main tables and the same files, byte for byte.
 */

const run = promisify(execFile);
const onPostgres = process.env.TEST_DATABASE_DRIVER === 'postgres';
const serverSrc = path.resolve(import.meta.dirname, '../..');

async function command(name: 'backup' | 'restore', file: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(serverSrc, `${name}.ts`), file],
      {
        // Only what the test names: no DATABASE_URL or DATA_DIR leaking in from the shell.
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const MAIN_TABLES = {
  organizations: schema.organizations,
  users: schema.user,
  leads: schema.orderLeads,
  applications: schema.providerApplications,
  orders: schema.orders,
  quotes: schema.quotes,
  assignments: schema.assignments,
  jobEvents: schema.jobEvents,
  deliverables: schema.deliverables,
  ratings: schema.ratings,
  supportRequests: schema.supportRequests,
  devices: schema.deviceInventory,
  certifications: schema.providerCertifications,
  outbox: schema.outboxEmails,
  audit: schema.auditLog,
};

async function rowCounts(db: TDatabase) {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(MAIN_TABLES)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** Every file under `root` by its relative name, with its bytes' hash and size. */
async function fileTree(root: string) {
  const tree: Record<string, string> = {};
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(full);
    tree[path.relative(root, full)] = `${bytes.length}:${createHash('sha256').update(bytes).digest('hex')}`;
  }
  return tree;
}

function expectOneLine(stderr: string, pattern: RegExp) {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

let t: TTestApp;
let work: string;
let expectedCounts: Record<string, number>;
let expectedFiles: Record<string, string>;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-backup-test-'));
  t = await createTestApp();
  const seeded = await seedDemo(t.app);
  expect(seeded.kind).toBe('seeded');
  expectedCounts = await rowCounts(t.db);
  expectedFiles = await fileTree(path.join(t.dataDir, 'files'));
  expect(Object.keys(expectedFiles).length).toBeGreaterThan(0);
  expect(expectedCounts.deliverables).toBeGreaterThan(0);
  await t.app.close();
}, 240_000);

afterAll(async () => {
  await t?.close();
  await rm(work, { recursive: true, force: true });
});

if (onPostgres) {
  describe('backup and restore on PostgreSQL', () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const targetName = `spacecapture_test_${randomUUID().replaceAll('-', '')}`;
    const urlOf = (name: string) => {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    };
    async function admin(sql: string) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    }
    beforeAll(() => admin(`create database ${targetName}`));
    afterAll(() => admin(`drop database if exists ${targetName} with (force)`));

    it('dumps the database with pg_dump and the files folder, and restores both into empty ones', {
      timeout: 180_000,
    }, async () => {
      const current = await t.db.execute<{ name: string }>('select current_database() as name');
      const sourceUrl = urlOf((current as unknown as { rows: { name: string }[] }).rows[0]!.name);
      const archive = path.join(work, 'postgres.tar.gz');

      const backup = await command('backup', archive, { DATABASE_URL: sourceUrl, DATA_DIR: t.dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('pg_dump');

      const restoredDir = path.join(work, 'restored-pg');
      const restore = await command('restore', archive, { DATABASE_URL: urlOf(targetName), DATA_DIR: restoredDir });
      expect(restore.code, restore.stderr).toBe(0);

      const restored = await openPostgres(urlOf(targetName), { poolSize: 1 });
      try {
        expect(await rowCounts(restored.db)).toEqual(expectedCounts);
      } finally {
        await restored.close();
      }
      expect(await fileTree(path.join(restoredDir, 'files'))).toEqual(expectedFiles);

      // A database with tables in it is never restored over.
      const again = await command('restore', archive, {
        DATABASE_URL: urlOf(targetName),
        DATA_DIR: path.join(work, 'another'),
      });
      expect(again.code).toBe(1);
      expectOneLine(again.stderr, /^Restore failed: The database at DATABASE_URL is not empty/);
    });
  });
} else {
  describe('backup and restore of the embedded database', () => {
    beforeAll(async () => {
      // The seeded in-memory database becomes the data folder's embedded one.
      const dump = await (t.database as unknown as { client: PGlite }).client.dumpDataDir('none');
      const onDisk = await openPglite(path.join(t.dataDir, 'db'), { loadDataDir: dump });
      await onDisk.close();
    }, 120_000);

    it('writes one archive and restores it into a fresh folder with the same rows and files', {
      timeout: 180_000,
    }, async () => {
      const archive = path.join(work, 'embedded.tar.gz');
      const backup = await command('backup', archive, { DATA_DIR: t.dataDir });
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(/^Backed up the embedded database and \d+ files to /);
      expect(existsSync(`${archive}.partial`)).toBe(false);

      const restoredDir = path.join(work, 'restored');
      const restore = await command('restore', archive, { DATA_DIR: restoredDir });
      expect(restore.code, restore.stderr).toBe(0);
      expect((await readdir(restoredDir)).sort()).toEqual(['db', 'files']);

      const restored = await openEmbeddedDatabase(restoredDir);
      try {
        expect(await rowCounts(restored.db)).toEqual(expectedCounts);
      } finally {
        await restored.close();
      }
      expect(await fileTree(path.join(restoredDir, 'files'))).toEqual(expectedFiles);

      const again = await command('restore', archive, { DATA_DIR: restoredDir });
      expect(again.code).toBe(1);
      expectOneLine(again.stderr, /^Restore failed: .* is not empty/);
      const existing = await command('backup', archive, { DATA_DIR: t.dataDir });
      expect(existing.code).toBe(1);
      expectOneLine(existing.stderr, /^Backup failed: .* already exists/);
    });

    it('refuses, in one line, while a server holds the data folder', { timeout: 60_000 }, async () => {
      const unlock = lockDataDir(t.dataDir);
      try {
        const result = await command('backup', path.join(work, 'while-running.tar.gz'), { DATA_DIR: t.dataDir });
        expect(result.code).toBe(1);
        expectOneLine(result.stderr, /^Backup refused, the server is running: stop it first\./);
        expect(existsSync(path.join(work, 'while-running.tar.gz'))).toBe(false);
      } finally {
        unlock();
      }
    });

    it('refuses an archive cut short and leaves the folder empty', { timeout: 60_000 }, async () => {
      const archive = path.join(work, 'embedded.tar.gz');
      const whole = await readFile(archive);
      const cut = path.join(work, 'cut.tar.gz');
      await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
      const target = path.join(work, 'from-cut');
      const result = await command('restore', cut, { DATA_DIR: target });
      expect(result.code).toBe(1);
      expectOneLine(result.stderr, /^Restore failed: /);
      expect(await readdir(target)).toEqual([]);
    });
  });
}
