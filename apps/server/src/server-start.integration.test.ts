import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

/** The real start path (server.ts) in its own process, on an embedded database in a fresh folder. */

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
/** A PostgreSQL server for the cases that need one, whichever driver the other tests use. */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The start is slow on a busy machine (the embedded database initialises and migrates). */
const START_TIMEOUT_MS = 180_000;

/** Servers still running when a test ends (it failed before they exited) are stopped. */
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

function runServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A failed start: a non-zero exit and exactly one line on stderr that contains each of `expected`, no stack. */
function expectOneLineFailure(result: Awaited<ReturnType<typeof runServer>>, expected: string[]) {
  expect(result.code, result.stderr).not.toBe(0);
  expect(result.code, result.stderr).not.toBeNull();
  const lines = result.stderr.trim().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  for (const part of expected) expect(lines[0]).toContain(part);
  expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at /);
}

describe('starting the server with a weak ADMIN_PASSWORD and no admin', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-start-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'exits non-zero with one line on stderr that names the rule, and no stack trace',
    async () => {
      const result = await runServer({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'password123',
      });
      expect(result.code, result.stderr).not.toBe(0);
      expect(result.code).not.toBeNull();
      const lines = result.stderr.trim().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toContain('ADMIN_PASSWORD');
      expect(lines[0]).toContain('This is one of the most common passwords.');
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at /);
    },
    START_TIMEOUT_MS,
  );
});

describe('a start that cannot succeed stops with one line naming the variable or the cause', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-start-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  const base = () => ({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });

  it.each([
    ['TRUST_PROXY', 'maybe'],
    ['SMTP_URL', 'smtp:/broken'],
  ])(
    'a bad %s=%s',
    async (name, value) => {
      expectOneLineFailure(await runServer({ ...base(), [name]: value }), [name, JSON.stringify(value)]);
    },
    START_TIMEOUT_MS,
  );

  it(
    'an unreachable DATABASE_URL',
    async () => {
      const result = await runServer({ ...base(), DATABASE_URL: 'postgres://postgres:s3cret@127.0.0.1:1/x' });
      expectOneLineFailure(result, ['DATABASE_URL', '127.0.0.1:1', 'ECONNREFUSED']);
      expect(result.stderr).not.toContain('s3cret');
    },
    START_TIMEOUT_MS,
  );

  it(
    'a DATABASE_URL naming a database that does not exist',
    async () => {
      const url = new URL(POSTGRES_URL);
      url.pathname = '/does_not_exist_xyz';
      const result = await runServer({ ...base(), DATABASE_URL: url.toString() });
      expectOneLineFailure(result, ['DATABASE_URL', 'does_not_exist_xyz', 'does not exist']);
    },
    START_TIMEOUT_MS,
  );

  it(
    'a PORT another process listens on',
    async () => {
      const holder = net.createServer();
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      const { port } = holder.address() as net.AddressInfo;
      try {
        const result = await runServer({ ...base(), PORT: String(port) });
        expectOneLineFailure(result, ['PORT', String(port), 'in use']);
      } finally {
        await new Promise((resolve) => holder.close(resolve));
      }
    },
    START_TIMEOUT_MS,
  );
});
