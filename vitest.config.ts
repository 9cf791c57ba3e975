import { defineConfig } from 'vitest/config';
import { SAME_ON_EVERY_DRIVER } from './scripts/integration-passes.mjs';

/**
 * Test kinds show in the file name: `*.test.ts(x)` are unit tests beside the code;
 * `*.integration.test.ts` drive the server through `app.inject` on a real database (PGlite, or the
 * PostgreSQL server at TEST_DATABASE_URL when TEST_DATABASE_DRIVER=postgres). Browser tests live
 * in e2e/ and run with Playwright. Every project loads vitest.setup.ts: an unexpected console.error
 * fails the test.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
          setupFiles: ['vitest.setup.ts'],
          // Isolated: the embedded database's tests hold data-folder locks in module state.
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['vitest.setup.ts', 'apps/web/src/test/setup.ts'],
          // One page environment and one module load per worker, not per file: 220 s of worker
          // time becomes 40 s. Each test renders into its own container and removes it, stubs
          // fetch for itself and cleans the toast store; none uses vi.mock, which a module already
          // loaded by an earlier file would ignore.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.integration.test.ts'],
          // `npm test`'s PostgreSQL pass leaves out the files that never open the test database:
          // the PGlite pass ran them already, on the same servers (decision 169).
          exclude: ['**/node_modules/**', ...(process.env.INTEGRATION_SECOND_PASS ? SAME_ON_EVERY_DRIVER : [])],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['vitest.setup.ts'],
          // Files share a worker's loaded modules (each still builds its own app and database):
          // importing the server once per worker instead of once per file saves about a third.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
