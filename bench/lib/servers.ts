import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { schema, type TDatabaseHandle } from '@spacecapture/db/client';
import type { TCaptureRequest } from '@spacecapture/shared/contracts/public-forms';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { TBenchDatabase } from './databases.ts';

export type TRunningServer = { baseUrl: string; close(): Promise<void> };

/** Listens on a free port of this host; the app stays reachable for benches that need its services. */
export async function listen(app: FastifyInstance): Promise<TRunningServer & { app: FastifyInstance }> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/**
 * The real app (validation, idempotency, audit, outbox, rate limiting, load shedding) on the given
 * database. The rate limit is raised because every request comes from one address; the rest is
 * the production configuration, workers included.
 */
export async function startRealApp(database: TBenchDatabase, env: Record<string, string> = {}) {
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_FORM_RATE_LIMIT: '1000000',
    // The API alone: the benches that need the web app start the built server instead.
    WEB_DIST_DIR: path.join(database.dataDir, 'no-web-build'),
    ...env,
  });
  const app = await buildApp({ config, database: database.handle, startWorkers: true });
  return listen(app);
}

export const BARE_PATH = '/bare/capture-requests';

/**
 * The floor to compare with: a bare Fastify route doing the same insert into order_leads, with no
 * validation, idempotency, audit or outbox.
 */
export async function startBareApp(database: TDatabaseHandle): Promise<TRunningServer> {
  const { orderLeads } = schema;
  const app = Fastify({ logger: false });
  app.post(BARE_PATH, async (request, reply) => {
    const body = request.body as TCaptureRequest;
    const [row] = await database.db
      .insert(orderLeads)
      .values({
        status: 'new',
        contact: { name: body.name, email: body.email, phone: body.phone, company: body.companyName ?? null },
        details: {
          spaceType: body.spaceType,
          location: body.location,
          spaceSize: body.spaceSize,
          captureType: body.captureType,
          timeline: body.timeline,
          additionalInfo: body.additionalInfo ?? null,
          source: 'website',
        },
      })
      .returning({ id: orderLeads.id });
    return reply.status(201).send({ id: row!.id });
  });
  return listen(app);
}
