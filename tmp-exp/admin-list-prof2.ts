import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createPgliteDatabase } from '../bench/lib/databases.ts';
import { insertOrders } from '../bench/lib/orders.ts';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';

const database = await createPgliteDatabase();
await insertOrders(database, 10_000);
const config = loadConfig({ DATA_DIR: database.dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(database.dataDir, 'x') });
const app = await buildApp({ config, database: database.handle, startWorkers: false });
await app.ready();
await app.services.signUp.createFirstAdmin({ email: 'a@example.com', password: 'Orders-Console-Load-2026', emailVerified: true });
const r = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: JSON.stringify({ email: 'a@example.com', password: 'Orders-Console-Load-2026' }) });
const cookie = ([] as string[]).concat(r.headers['set-cookie'] as string[]).map((l) => l.split(';')[0]).join('; ');
const get = async () => { const x = await app.inject({ method: 'GET', url: '/api/admin/orders?limit=50', headers: { cookie } }); if (x.statusCode !== 200) throw new Error(x.body); };
for (let i = 0; i < 50; i++) await get();
const s = new Session(); s.connect(); await s.post('Profiler.enable'); await s.post('Profiler.start');
for (let i = 0; i < 300; i++) await get();
const { profile } = await s.post('Profiler.stop');
// self time per function, and per package
const nodes = new Map(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas; const self = new Map<number, number>();
profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
const byFn = new Map<string, number>(); const byPkg = new Map<string, number>();
let total = 0;
for (const [id, us] of self) { const n: any = nodes.get(id); const cf = n.callFrame; const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//, '')}:${cf.lineNumber}`; byFn.set(key, (byFn.get(key) ?? 0) + us); const pkg = cf.url.includes('node_modules/') ? cf.url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : cf.url ? (cf.url.includes('/work/main/') ? 'app:' + cf.url.replace(/.*\/work\/main\//, '').split('/').slice(0, 3).join('/') : cf.url.slice(0, 30)) : cf.functionName; byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us); total += us; }
console.log('total ms', (total / 1000).toFixed(0), 'per request', (total / 1000 / 300).toFixed(2));
for (const [k, v] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log((v / total * 100).toFixed(1).padStart(5), '%', k);
console.log('---');
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / total * 100).toFixed(1).padStart(5), '%', k);
await app.close(); await database.dispose();
