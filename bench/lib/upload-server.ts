import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { schema } from '@spacecapture/db/client';
import { and, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { DEMO_PASSWORD, seedDemo } from '../../apps/server/src/seed/demo-data.ts';
import { createPgliteDatabase } from './databases.ts';

/**
 * The server process of the upload bench: the real app on PGlite with the demo marketplace, so a
 * provider holds an accepted assignment of a scheduled order. Prints one JSON line (port, session
 * cookie, order id) once listening, then serves until killed. Run with `node --import tsx`, so
 * this process is the server whose memory the bench reads from /proc.
 */

const database = await createPgliteDatabase();
const config = loadConfig({
  DATA_DIR: database.dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: path.join(database.dataDir, 'no-web-build'),
  UPLOAD_MAX_BYTES: String(10 * 1000 ** 3),
});
const app = await buildApp({ config, database: database.handle, startWorkers: true });
await seedDemo(app);

const { assignments, orders, orgMemberships, user } = schema;
const [target] = await app.db
  .select({ orderId: orders.id, email: user.email })
  .from(assignments)
  .innerJoin(orders, eq(orders.id, assignments.orderId))
  .innerJoin(orgMemberships, eq(orgMemberships.orgId, assignments.providerOrgId))
  .innerJoin(user, eq(user.id, orgMemberships.userId))
  .where(and(eq(assignments.status, 'accepted'), inArray(orders.status, ['scheduled', 'captured'])))
  .limit(1);
if (!target) throw new Error('The demo data has no scheduled order with an accepted assignment.');

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
const origin = `http://127.0.0.1:${port}`;
const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify({ email: target.email, password: DEMO_PASSWORD }),
});
if (!signIn.ok) throw new Error(`Signing in failed: ${signIn.status} ${await signIn.text()}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((line) => line.split(';')[0])
  .join('; ');
process.stdout.write(`${JSON.stringify({ port, cookie, orderId: target.orderId, dataDir: database.dataDir })}\n`);

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.dispose())
    .finally(() => process.exit(0));
});
