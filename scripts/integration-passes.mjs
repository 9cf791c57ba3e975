// Which integration test files the PostgreSQL pass of `npm test` runs again (decision 169).
// Most files run on the test database of the pass's driver (PGlite, then PostgreSQL). These few
// never touch it: they start the server, migrate or seed in child processes on the embedded
// database and on the PostgreSQL server at TEST_DATABASE_URL themselves, whatever the driver, so a
// second pass would repeat the very same work. The PGlite pass runs them; the PostgreSQL pass
// leaves them out. scripts/integration-passes.test.ts keeps this list true.
export const SAME_ON_EVERY_DRIVER = [
  'apps/server/src/database-connection.integration.test.ts',
  'apps/server/src/migrate.integration.test.ts',
  'apps/server/src/seed/demo-fail-safe.integration.test.ts',
  'apps/server/src/server-start.integration.test.ts',
];

/** What a test file uses when it runs on the pass's test database (apps/server/test). */
export const USES_THE_TEST_DATABASE =
  /\b(createTestApp|createTestAppWithAdmin|createTestDatabase|createPostgresTestDatabase|createTwoInstances|TEST_DATABASE_DRIVER)\b/;
