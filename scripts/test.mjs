// `npm test`: every test the project has. Unit, component and server integration tests on PGlite;
// the integration tests again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it); then the
// app is built, started as the container would start it (production dependencies only), and the
// browser tests drive it in Chromium (CHROMIUM_PATH or
// /usr/bin/chromium, checked before anything runs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(title, command, args, env = {}) {
  console.info(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${title} failed.`);
    process.exit(result.status ?? 1);
  }
}

// The browser tests come last: a missing browser is said first, in one line, not minutes in.
const chromium = findChromium();
if (!chromium.ok) {
  console.error(chromium.message);
  process.exit(1);
}

run('Unit, component and integration tests (PGlite)', 'npx', ['vitest', 'run']);
if (process.env.TEST_DATABASE_URL) {
  // Files that never open the test database ran above already, on PostgreSQL too: this pass
  // leaves them out (INTEGRATION_SECOND_PASS, vitest.config.ts; decision 169).
  run('Integration tests (PostgreSQL at TEST_DATABASE_URL)', 'npx', ['vitest', 'run', '--project', 'integration'], {
    TEST_DATABASE_DRIVER: 'postgres',
    INTEGRATION_SECOND_PASS: '1',
  });
} else {
  console.info('\nTEST_DATABASE_URL not set: integration tests ran on PGlite only.');
}
run('Build', 'npm', ['run', 'build']);
run('Production start path (npm ci --omit=dev, start, stop)', 'node', ['scripts/production-start.mjs']);
run('Browser tests (Chromium)', 'npx', ['playwright', 'test']);
