import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { listOrderPage, ordersByIds } from '../apps/server/src/modules/admin-console/admin-orders-repository.ts';
import { createPgliteDatabase } from '../bench/lib/databases.ts';
import { insertOrders } from '../bench/lib/orders.ts';

const database = await createPgliteDatabase();
await insertOrders(database, 10_000);
const config = loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(database.dataDir, 'x') });
const app = await buildApp({ config, database: database.handle, startWorkers: false });
await app.ready();
await app.services.signUp.createFirstAdmin({ email: 'a@example.com', password: 'Orders-Console-Load-2026', emailVerified: true });
const r = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: JSON.stringify({ email: 'a@example.com', password: 'Orders-Console-Load-2026' }) });
const cookie = ([] as string[]).concat(r.headers['set-cookie'] as string[]).map((l) => l.split(';')[0]).join('; ');
async function time(label: string, fn: () => Promise<unknown>, n = 150) {
  for (let i = 0; i < 20; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label, ((performance.now() - t) / n).toFixed(2), 'ms');
}
const db = database.handle.db;
for (let k = 0; k < 2; k++) {
await time('real', async () => { const x = await app.inject({ method: 'GET', url: '/api/admin/orders?limit=50', headers: { cookie } }); if (x.statusCode !== 200) throw new Error(x.body); });
await time('bare sql', async () => { const keys = await listOrderPage(db, { limit: 51 }); JSON.stringify(await ordersByIds(db, keys.slice(0, 50))); });
await time('session', async () => { const x = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } }); if (x.statusCode !== 200) throw new Error(x.body); });
await time('health', async () => { await app.inject({ method: 'GET', url: '/api/health/live' }); });
}
await app.close();
await database.dispose();
