// `npm start`: builds the web app and the server when a build is missing or older than the
// sources, then runs the server on its embedded defaults (PGlite in ./data, mail kept in the outbox).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverBundle = path.join(root, 'apps/server/dist/server.mjs');
const webShell = path.join(root, 'apps/web/dist/app.html');
const sources = [
  'apps/server/src',
  'apps/web/src',
  'apps/web/index.html',
  'packages/shared/src',
  'packages/db/src',
  'packages/db/migrations',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildTime() {
  if (!existsSync(serverBundle) || !existsSync(webShell)) return 0;
  return Math.min(statSync(serverBundle).mtimeMs, statSync(webShell).mtimeMs);
}

const sourceTime = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (buildTime() < sourceTime) {
  console.info('Building the app (first start or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.chdir(root);
await import(pathToFileURL(serverBundle).href);
