import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const migrateScript = path.resolve(import.meta.dirname, 'migrate.ts');

/** `npm run db:migrate` as an operator runs it: a process of its own, its answer on one line. */
async function migrate(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', migrateScript], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('db:migrate', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-migrate-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // A first embedded database takes a few seconds to initialise, more on a loaded machine.
  it('creates and migrates the embedded database without starting the server, and again changes nothing', {
    timeout: 180_000,
  }, async () => {
    const first = await migrate({ DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('up to date');
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    // The folder lock is released: a second run (or the server) can take it.
    const second = await migrate({ DATA_DIR: dataDir });
    expect(second.code, second.stderr).toBe(0);
  });

  it('names an unreachable database in one line, without a stack trace', { timeout: 60_000 }, async () => {
    const result = await migrate({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' });
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Migration failed: .*ECONNREFUSED/);
  });
});
