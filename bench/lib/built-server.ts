import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The production server bundle (apps/server/dist/server.mjs) serving the built web app. */

const root = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.mjs');
export const WEB_DIST = path.join(root, 'apps/web/dist');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
}

/** Starts the built server on a free port with a fresh DATA_DIR (embedded database). */
export async function startBuiltServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  for (const [file, hint] of [
    [path.join(WEB_DIST, 'index.html'), 'the web app is not built'],
    [SERVER_BUNDLE, 'the server is not built'],
  ] as const) {
    if (!existsSync(file)) {
      throw new Error(
        `${path.relative(root, file)} not found: ${hint}. Run \`npm run bench\` without --no-build, or \`npm run build\` ` +
          'and fix the build if it fails.',
      );
    }
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-bench-server-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should this process die first (a crash), the server must not outlive it holding our stdout.
  const killOnExit = () => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // Generous: on a loaded machine the embedded database alone can take most of a minute to start.
    await waitForHealth(baseUrl, child, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
