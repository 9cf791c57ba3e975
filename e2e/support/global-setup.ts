import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { ensureFirstAdmin } from '../../apps/server/src/modules/auth/first-admin.ts';
import { startSmtpCapture } from '../../apps/server/test/smtp-capture.ts';
import { freePort } from './fresh-install.ts';

/** The master admin the server creates at start (ADMIN_EMAIL/ADMIN_PASSWORD), for the portal tests. */
const E2E_ADMIN = { email: 'admin@spacecapture.test', password: 'e2e-Master-passphrase-2026' } as const;

/**
 * Starts the stack the browser tests drive: the real app (built web app, embedded PGlite in a
 * fresh data folder, e-mail over SMTP to a capture server) and a small inspector on another port
 * through which tests read what was stored and mailed. Workers find both through the environment.
 */
export default async function globalSetup() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-e2e-'));
  const smtp = await startSmtpCapture();
  const database = await openEmbeddedDatabase(dataDir);
  await database.migrate();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    // Links in e-mails (invitations, confirmations, password resets) point at this app.
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    SMTP_URL: smtp.url,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Many tests share one client address; the limit itself is proven by the integration tests.
    PUBLIC_FORM_RATE_LIMIT: '100000',
    // This server shares the test runner's thread and two loaded cores with the browsers, so its
    // loop stalls for reasons that are not a backlog of requests; shedding then fails a flow test
    // at random. Shedding itself is proven by plugins/load-shedding.integration.test.ts and
    // bench/overload.ts.
    SHED_AFTER_BUSY_MS: '30000',
    // As behind a reverse proxy on this machine: a browser test may name its own client address
    // (X-Forwarded-For), so the per-address sign-in and sign-up limits apply per test, not per suite.
    TRUST_PROXY: '127.0.0.1',
    // A build made by scripts/build-web-into.mjs (parallel runs); apps/web/dist otherwise.
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
  });
  const app = await buildApp({ config, database, outbox: { pollIntervalMs: 200 } });
  await ensureFirstAdmin({
    db: database.db,
    signUp: app.services.signUp,
    publicUrl: config.publicUrl,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    log: app.log,
  });
  await app.listen({ port, host: '127.0.0.1' });

  const inspector = createServer(async (request, response) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      let result: unknown;
      if (request.url === '/emails') result = smtp.received;
      else if (request.url === '/query') {
        const outcome = await database.db.execute(sql.raw(String(body.sql)));
        result = (outcome as { rows?: unknown[] }).rows ?? outcome;
      } else {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => inspector.listen(0, '127.0.0.1', resolve));

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_ADMIN_EMAIL = E2E_ADMIN.email;
  process.env.E2E_ADMIN_PASSWORD = E2E_ADMIN.password;
  process.env.E2E_INSPECTOR_URL = `http://127.0.0.1:${(inspector.address() as AddressInfo).port}`;

  return async () => {
    inspector.close();
    await app.close();
    await database.close();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
