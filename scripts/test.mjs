// `npm test`: every test the project has. Unit, component and server integration tests on PGlite;
// beside them the integration tests again on PostgreSQL when TEST_DATABASE_URL is set (CI sets
// it), and the app built and started as the container would start it (production dependencies
// only); then the browser tests drive it in Chromium (CHROMIUM_PATH or /usr/bin/chromium, checked
// before anything runs).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function fail(title, status) {
  console.error(`\n${title} failed.`);
  process.exit(status ?? 1);
}

function run(title, command, args, env = {}) {
  console.info(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) fail(title, result.status);
}

/**
 * Steps run one after another beside a step in the foreground: their output is kept and printed
 * whole once they end, so it never interleaves with the foreground's. Resolves to the failed
 * step's title and status, or undefined when all passed.
 */
function runBehind(steps) {
  const output = [];
  const finished = (async () => {
    for (const { title, command, args, env = {} } of steps) {
      output.push(Buffer.from(`\n=== ${title} ===\n`));
      const status = await new Promise((resolve) => {
        const child = spawn(command, args, {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, ...env },
        });
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('error', (error) => {
          output.push(Buffer.from(`${error.message}\n`));
          resolve(1);
        });
        child.on('close', (code) => resolve(code));
      });
      if (status !== 0) return { title, status };
    }
    return undefined;
  })();
  return {
    finished,
    print: () => process.stdout.write(Buffer.concat(output)),
  };
}

// The browser tests come last: a missing browser is said first, in one line, not minutes in.
const chromium = findChromium();
if (!chromium.ok) {
  console.error(chromium.message);
  process.exit(1);
}

const buildAndStart = [
  { title: 'Build', command: 'npm', args: ['run', 'build'] },
  {
    title: 'Production start path (npm ci --omit=dev, start, stop)',
    command: 'node',
    args: ['scripts/production-start.mjs'],
  },
];
const postgresPass = {
  title: 'Integration tests (PostgreSQL at TEST_DATABASE_URL)',
  command: 'npx',
  args: ['vitest', 'run', '--project', 'integration', '--maxWorkers', '2'],
  env: { TEST_DATABASE_DRIVER: 'postgres', INTEGRATION_SECOND_PASS: '1' },
};

// The PostgreSQL pass mostly waits (on the server, timers, second instances: a third of a core in
// two workers), so it runs beside the PGlite pass, and so do the build and the production start
// path; each test file has its own database. Files that never open the test database run in the
// PGlite pass only (INTEGRATION_SECOND_PASS, vitest.config.ts). Decision 169.
const beside = [...(process.env.TEST_DATABASE_URL ? [runBehind([postgresPass])] : []), runBehind(buildAndStart)];
console.info(
  process.env.TEST_DATABASE_URL
    ? '\n(The PostgreSQL pass, the build and the production start path run beside the PGlite pass; their output follows it.)'
    : '\nTEST_DATABASE_URL not set: integration tests run on PGlite only. (The build and the production start path run beside them; their output follows.)',
);
const pgliteTitle = 'Unit, component and integration tests (PGlite)';
console.info(`\n=== ${pgliteTitle} ===`);
// Spawned, not spawnSync: the event loop must keep reading the output of the steps beside it.
const pgliteStatus = await new Promise((resolve) => {
  const child = spawn('npx', ['vitest', 'run'], { cwd: root, stdio: 'inherit', env: process.env });
  child.on('error', () => resolve(1));
  child.on('close', (code) => resolve(code));
});
const failures = [];
if (pgliteStatus !== 0) failures.push({ title: pgliteTitle, status: pgliteStatus });
for (const steps of beside) {
  const failed = await steps.finished;
  steps.print();
  if (failed) failures.push(failed);
}
if (failures.length > 0) {
  for (const { title } of failures.slice(1)) console.error(`\n${title} failed.`);
  fail(failures[0].title, failures[0].status);
}
run('Browser tests (Chromium)', 'npx', ['playwright', 'test']);
