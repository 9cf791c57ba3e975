// `npm test`: every test the project has. Unit, component and server integration tests on PGlite;
// the integration tests again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it), while the
// app is built and started as the container would start it (production dependencies only); then
// the browser tests drive it in Chromium (CHROMIUM_PATH or /usr/bin/chromium, checked before
// anything runs).
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
    for (const { title, command, args } of steps) {
      output.push(Buffer.from(`\n=== ${title} ===\n`));
      const status = await new Promise((resolve) => {
        const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
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

run('Unit, component and integration tests (PGlite)', 'npx', ['vitest', 'run']);
if (process.env.TEST_DATABASE_URL) {
  // The PostgreSQL pass mostly waits (on the server, timers, other instances), so the build and
  // the production start run beside it, and its files run in two workers; each file has its own
  // database. Files that never open the test database ran above already, on PostgreSQL too: this
  // pass leaves them out (INTEGRATION_SECOND_PASS, vitest.config.ts). Decision 169.
  console.info('\n(Build and production start path run beside the PostgreSQL pass; their output follows it.)');
  const behind = runBehind(buildAndStart);
  const title = 'Integration tests (PostgreSQL at TEST_DATABASE_URL)';
  console.info(`\n=== ${title} ===`);
  const postgresPass = await new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'integration', '--maxWorkers', '2'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_DRIVER: 'postgres', INTEGRATION_SECOND_PASS: '1' },
    });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code));
  });
  const failedBehind = await behind.finished;
  behind.print();
  if (postgresPass !== 0) fail(title, postgresPass);
  if (failedBehind) fail(failedBehind.title, failedBehind.status);
} else {
  console.info('\nTEST_DATABASE_URL not set: integration tests ran on PGlite only.');
  for (const step of buildAndStart) run(step.title, step.command, step.args);
}
run('Browser tests (Chromium)', 'npx', ['playwright', 'test']);
