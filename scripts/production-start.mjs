// The production start path, proven without Docker: the same steps as the Dockerfile's runtime
// stage. After `npm run build`, copy the manifests and the built app into a clean folder, install
// the server's production dependencies only (`npm ci --omit=dev`), start the built server on its
// embedded defaults, check that it answers, then stop it with SIGTERM and expect a clean exit.
//
//   node scripts/production-start.mjs            (after `npm run build`)
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the runtime stage copies: manifests for `npm ci`, then the two builds. */
const MANIFESTS = [
  'package.json',
  'package-lock.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'packages/db/package.json',
  'packages/shared/package.json',
];
const BUILDS = ['apps/server/dist', 'apps/web/dist'];
// A hang, not a speed, is what this catches: a first start migrates and seeds a new database, and
// on a loaded two-core CI machine that was seen to take over a minute.
const STARTUP_LIMIT_MS = 180_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForAnswer(url, child) {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within ${STARTUP_LIMIT_MS / 1000} s`);
}

const workdir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-production-'));
let server;
try {
  for (const file of MANIFESTS) {
    await mkdir(path.dirname(path.join(workdir, file)), { recursive: true });
    await cp(path.join(root, file), path.join(workdir, file));
  }
  console.info(`Installing production dependencies in ${workdir}...`);
  const install = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--workspace', '@spacecapture/server', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: workdir, stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error('npm ci --omit=dev failed');
  // The thumbnail libraries ship native binaries in optional npm packages (decision 138): they
  // must load from the production install, or every thumbnail quietly becomes an icon.
  const thumbnailLibraries = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      [
        "const { default: sharp } = await import('sharp');",
        "const { createCanvas } = await import('@napi-rs/canvas');",
        "await import('pdfjs-dist/legacy/build/pdf.mjs');",
        "await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).webp().toBuffer();",
        'createCanvas(8, 8).toBuffer("image/png");',
      ].join('\n'),
    ],
    { cwd: path.join(workdir, 'apps/server'), stdio: 'inherit' },
  );
  if (thumbnailLibraries.status !== 0)
    throw new Error('the thumbnail libraries do not load from the production install');
  for (const build of BUILDS) await cp(path.join(root, build), path.join(workdir, build), { recursive: true });
  // Thumbnails are made by the bundled contained child (decision 171): it must start from the
  // production install and answer a WebP for a small PNG on stdin.
  const png = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { default: sharp } = await import('sharp'); process.stdout.write(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer());",
    ],
    { cwd: path.join(workdir, 'apps/server') },
  );
  const thumbnail = spawnSync(process.execPath, ['dist/thumbnail-process.mjs', 'probe.png'], {
    cwd: path.join(workdir, 'apps/server'),
    input: png.stdout,
  });
  if (thumbnail.status !== 0 || thumbnail.stdout.subarray(8, 12).toString('latin1') !== 'WEBP')
    throw new Error(`the contained thumbnail process failed: ${thumbnail.stderr}`);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
    cwd: workdir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'data',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForAnswer(`${base}/api/health`, server);
  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (!page.ok || !html.includes('<div id="root"')) throw new Error(`the landing page answered ${page.status}`);

  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  server.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`the server exited with ${code} after SIGTERM`);
  server = undefined;
  console.info('Production start path: installed, started, answered and stopped cleanly.');
} finally {
  server?.kill('SIGKILL');
  await rm(workdir, { recursive: true, force: true });
}
