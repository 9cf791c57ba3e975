import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { startSmtpCapture } from '../../apps/server/test/smtp-capture.ts';

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
  const config = loadConfig({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Many tests share one client address; the limit itself is proven by the integration tests.
    PUBLIC_FORM_RATE_LIMIT: '100000',
  });
  const app = await buildApp({ config, database, outbox: { pollIntervalMs: 200 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appPort = (app.server.address() as AddressInfo).port;

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

  process.env.E2E_BASE_URL = `http://127.0.0.1:${appPort}`;
  process.env.E2E_INSPECTOR_URL = `http://127.0.0.1:${(inspector.address() as AddressInfo).port}`;

  return async () => {
    inspector.close();
    await app.close();
    await database.close();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
