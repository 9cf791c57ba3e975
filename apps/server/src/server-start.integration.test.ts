import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The real start path (server.ts) in its own process, on an embedded database in a fresh folder. */

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

function runServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('starting the server with a weak ADMIN_PASSWORD and no admin', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-start-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits non-zero with one line on stderr that names the rule, and no stack trace', async () => {
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
  }, 60_000);
});
