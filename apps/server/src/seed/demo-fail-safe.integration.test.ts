import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { schema, type TDatabase } from '@spacecapture/db/client';
import { openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run seed:demo` on the embedded database seeds a copy and swaps it in only on success: a
 * seed that fails midway (here at its first deliverable upload, over the operator's
 * UPLOAD_MAX_BYTES) leaves the data folder as it was.
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
