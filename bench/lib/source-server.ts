import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server started from source (apps/server/src/server.ts, with tsx) in a child process, on the
 * embedded database in a fresh DATA_DIR: its own event loop, as in production, so a stall of the
 * server never slows the bench's own bookkeeping. No build needed.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type TSourceServerOptions = {
  /** Serve this DATA_DIR (a restart on the same data); it is then left in place on stop. */
  dataDir?: string;
  /** The entry point, relative to the repository root (default: the production one). */
  entry?: string;
  /** The server answers here (a restart on the same address); a free port otherwise. */
  port?: number;
};

export async function startSourceServer(env: Record<string, string> = {}, options: TSourceServerOptions = {}) {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'spacecapture-bench-source-')));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const entry = options.entry ?? 'apps/server/src/server.ts';
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      // Every request comes from one address: the per-address form limit would answer most of them.
      PUBLIC_FORM_RATE_LIMIT: '1000000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => {
    child.kill('SIGKILL');
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  /** kill -9: no shutdown of any kind; resolves once the process is gone. */
  const kill = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      process.off('exit', killOnExit);
      throw new Error(`the server exited with code ${child.exitCode} while starting`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/health within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, port, dataDir, pid: child.pid, stop, kill };
}
