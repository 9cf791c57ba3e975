import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createPgliteDatabase } from '../bench/lib/databases.ts';
import { insertOrders } from '../bench/lib/orders.ts';

const database = await createPgliteDatabase();
await insertOrders(database, 2000);
const config = loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(database.dataDir, 'x') });
const app = await buildApp({ config, database: database.handle, startWorkers: false });
await app.ready();
await app.services.signUp.createFirstAdmin({ email: 'a@example.com', password: 'Orders-Console-Load-2026', emailVerified: true });
const r = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: JSON.stringify({ email: 'a@example.com', password: 'Orders-Console-Load-2026' }) });
const cookie = ([] as string[]).concat(r.headers['set-cookie'] as string[]).map((l) => l.split(';')[0]).join('; ');
const client = (database.handle as any).client;
const log: string[] = [];
for (const m of ['query', 'exec', 'execProtocol', 'execProtocolRaw']) {
  const orig = client[m]?.bind(client);
  if (!orig) continue;
  client[m] = (...args: any[]) => { log.push(`${m}: ${typeof args[0] === 'string' ? args[0].slice(0, 160).replace(/\s+/g, ' ') : '(bytes ' + (args[0]?.length ?? '?') + ')'}`); return orig(...args); };
}
await app.inject({ method: 'GET', url: '/api/admin/orders?limit=50', headers: { cookie } });
log.length = 0;
await app.inject({ method: 'GET', url: '/api/admin/orders?limit=50', headers: { cookie } });
console.log(log.join('\n'));
await app.close(); await database.dispose();
