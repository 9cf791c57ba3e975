import { mkdtemp } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { ensureFirstAdmin } from '../../apps/server/src/modules/auth/first-admin.ts';

/** A free local port, so the app's public URL (used in e-mailed links) is known before it listens. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The real app as the browser tests run it: the built web app, embedded PGlite in a fresh data
 * folder, the first master admin from ADMIN_EMAIL and ADMIN_PASSWORD, listening on a free port
 * that is also its PUBLIC_URL. `env` adds to or overrides the settings below.
 */
export async function startE2eServer(options: {
  prefix: string;
  /** Without it the install has no admin, and the server prints its one-time setup link (`setupLink`). */
  admin?: { email: string; password: string };
  env?: Record<string, string>;
}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), options.prefix));
  const database = await openEmbeddedDatabase(dataDir);
  await database.migrate();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: url,
    ...(options.admin ? { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password } : {}),
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // The server shares the test runner's thread and two loaded cores with the browsers, so its
    // loop stalls for reasons that are not a backlog of requests; shedding then fails a flow test
    // at random. Shedding itself is proven by plugins/load-shedding.integration.test.ts and
    // bench/overload.ts. The same holds for the embedded database's queue deadline (decision
    // 184), proven by database-queue-deadline.integration.test.ts.
    SHED_AFTER_BUSY_MS: '30000',
    DATABASE_QUEUE_DEADLINE_MS: '60000',
    // A build made by scripts/build-web-into.mjs (parallel runs); apps/web/dist otherwise.
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    ...options.env,
  });
  const app = await buildApp({ config, database, outbox: { pollIntervalMs: 200 } });
  // The setup link is printed, as `npm start` prints it, never logged: read it from the print.
  const printed: string[] = [];
  const print = console.info;
  console.info = (...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
  };
  try {
    await ensureFirstAdmin({
      db: database.db,
      signUp: app.services.signUp,
      publicUrl: config.publicUrl,
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      log: app.log,
    });
  } finally {
    console.info = print;
  }
  const setupLink = printed.join('\n').match(/https?:\/\/\S+\/auth\?intent=admin&setup=\S+/)?.[0] ?? null;
  await app.listen({ port, host: '127.0.0.1' });
  return { app, database, dataDir, url, setupLink };
}
