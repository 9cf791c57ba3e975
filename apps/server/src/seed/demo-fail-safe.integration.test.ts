import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openPostgres, schema, type TDatabase } from '@spacecapture/db/client';
import { openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../test/fake-s3.ts';

/**
 * `npm run seed:demo` seeds a copy (of the embedded database, or of the PostgreSQL database) and
 * swaps it in only on success: a seed that fails midway (here at a deliverable upload, over the
 * operator's UPLOAD_MAX_BYTES) leaves the data as it was, files and bucket included.
 */

const run = promisify(execFile);
const seedScript = path.resolve(import.meta.dirname, 'demo.ts');

async function seed(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', seedScript], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const TABLES = {
  users: schema.user,
  organizations: schema.organizations,
  invitations: schema.invitations,
  leads: schema.orderLeads,
  applications: schema.providerApplications,
  orders: schema.orders,
  outbox: schema.outboxEmails,
  audit: schema.auditLog,
};

async function counts(db: TDatabase) {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: count() }).from(table);
    result[name] = row?.n ?? 0;
  }
  return result;
}

async function countsIn(dataDir: string) {
  const database = await openEmbeddedDatabase(dataDir);
  try {
    return await counts(database.db);
  } finally {
    await database.close();
  }
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-seed-'));
  const database = await openEmbeddedDatabase(dataDir);
  await database.migrate();
  // Something of the operator's own that must survive either way.
  await database.db.insert(schema.contactMessages).values({
    name: 'Before the seed',
    email: 'before@example.com',
    subject: 'kept',
    message: 'kept',
  });
  await database.close();
}, 120_000);
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('seed:demo on the embedded database', () => {
  it('leaves the data folder as it was when the seed fails midway, then seeds it whole', {
    timeout: 300_000,
  }, async () => {
    const before = await countsIn(dataDir);
    expect(before.users).toBe(0);

    // Deliverables larger than the operator allows: refused at the first upload, long after
    // accounts, organisations, leads and orders were written.
    const failed = await seed({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: '1' });
    expect(failed.code, failed.stdout).toBe(1);
    const lines = failed.stderr.trim().split('\n');
    expect(lines, failed.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^seed:demo failed, nothing was changed: POST \/api\/provider\/uploads .* answered 413/);
    expect(await countsIn(dataDir)).toEqual(before);
    expect((await readdir(dataDir)).sort()).toEqual(['db']);

    const seeded = await seed({ DATA_DIR: dataDir });
    expect(seeded.code, seeded.stderr).toBe(0);
    const after = await countsIn(dataDir);
    expect(after.orders).toBe(13);
    expect(after.users).toBeGreaterThan(0);
    const folder = (await readdir(dataDir)).sort();
    expect(folder).toEqual(['db', 'files']);
    expect((await readdir(path.join(dataDir, 'files'), { recursive: true })).length).toBeGreaterThan(0);
    const database = await openEmbeddedDatabase(dataDir);
    try {
      const messages = await database.db.select().from(schema.contactMessages);
      expect(messages.map((message) => message.name)).toContain('Before the seed');
    } finally {
      await database.close();
    }
  });
});

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const databases: string[] = [];

async function adminQuery(text: string, values: unknown[] = []) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return (await admin.query(text, values)).rows;
  } finally {
    await admin.end();
  }
}

function urlOf(name: string) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated database with one row of the operator's own. */
async function createTarget() {
  const name = `spacecapture_seed_${randomUUID().replaceAll('-', '')}`;
  databases.push(name);
  await adminQuery(`create database ${name}`);
  const database = await openPostgres(urlOf(name), { poolSize: 1 });
  try {
    await database.migrate();
    await database.db.insert(schema.contactMessages).values({
      name: 'Before the seed',
      email: 'before@example.com',
      subject: 'kept',
      message: 'kept',
    });
  } finally {
    await database.close();
  }
  return name;
}

async function inDatabase<T>(name: string, use: (db: TDatabase) => Promise<T>) {
  const database = await openPostgres(urlOf(name), { poolSize: 1 });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** Databases of the server that start with the target's name: the target alone, no scratch copy. */
async function databasesLike(name: string) {
  const rows = await adminQuery('select datname from pg_database where datname like $1 order by datname', [`${name}%`]);
  return rows.map((row) => row.datname as string);
}

afterAll(async () => {
  for (const name of databases) {
    for (const each of await databasesLike(name)) await adminQuery(`drop database if exists ${each} with (force)`);
  }
});

describe('seed:demo on PostgreSQL', () => {
  it('leaves the database and DATA_DIR as they were when the seed fails or the database is in use, then seeds it whole', {
    timeout: 300_000,
  }, async () => {
    const target = await createTarget();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-seed-pg-'));
    try {
      const env = { DATABASE_URL: urlOf(target), DATA_DIR: folder };
      const before = await inDatabase(target, counts);
      expect(before.users).toBe(0);

      const failed = await seed({ ...env, UPLOAD_MAX_BYTES: '1' });
      expect(failed.code, failed.stdout).toBe(1);
      const lines = failed.stderr.trim().split('\n');
      expect(lines, failed.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^seed:demo failed, nothing was changed: POST \/api\/provider\/uploads .* answered 413/);
      expect(await inDatabase(target, counts)).toEqual(before);
      expect(await databasesLike(target)).toEqual([target]);
      expect(await readdir(folder)).toEqual([]);

      // An instance still connected: the copy is refused, in one line.
      const instance = new pg.Client({ connectionString: urlOf(target) });
      await instance.connect();
      try {
        const refused = await seed(env);
        expect(refused.code, refused.stdout).toBe(1);
        expect(refused.stderr.trim()).toBe(
          `seed:demo failed, nothing was changed: the database "${target}" is in use; stop the instances that use it, then run seed:demo again.`,
        );
      } finally {
        await instance.end();
      }
      expect(await databasesLike(target)).toEqual([target]);

      const seeded = await seed(env);
      expect(seeded.code, seeded.stderr).toBe(0);
      const after = await inDatabase(target, counts);
      expect(after.orders).toBe(13);
      expect(after.users).toBeGreaterThan(0);
      const messages = await inDatabase(target, (db) => db.select().from(schema.contactMessages));
      expect(messages.map((message) => message.name)).toContain('Before the seed');
      expect(await databasesLike(target)).toEqual([target]);
      expect(await readdir(folder)).toEqual(['files']);
      expect((await readdir(path.join(folder, 'files'), { recursive: true })).length).toBeGreaterThan(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('removes from the bucket the files a failed seed uploaded', { timeout: 300_000 }, async () => {
    const target = await createTarget();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-seed-s3-'));
    const s3 = await startFakeS3('seed-bucket');
    try {
      const before = await inDatabase(target, counts);
      // The first deliverable (point-cloud.e57, 63,504 bytes) fits; the second (virtual-tour.zip) is one byte over.
      const failed = await seed({
        DATABASE_URL: urlOf(target),
        DATA_DIR: folder,
        UPLOAD_MAX_BYTES: '63504',
        S3_BUCKET: 'seed-bucket',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'eu-test-1',
        S3_ACCESS_KEY_ID: 'test-access',
        S3_SECRET_ACCESS_KEY: 'test-secret-key',
      });
      expect(failed.code, failed.stdout).toBe(1);
      expect(failed.stderr.trim()).toMatch(
        /^seed:demo failed, nothing was changed: POST \/api\/provider\/uploads .* answered 413[^\n]*$/,
      );
      expect(s3.requests.filter((request) => request.startsWith('PUT ')).length).toBeGreaterThan(0);
      expect([...s3.objects.keys()]).toEqual([]);
      expect(await inDatabase(target, counts)).toEqual(before);
      expect(await databasesLike(target)).toEqual([target]);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await s3.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
