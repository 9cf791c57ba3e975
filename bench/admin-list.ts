import os from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { listOrderPage, ordersByIds } from '../apps/server/src/modules/admin-console/admin-orders-repository.ts';
import { benchEngines, redact, type TBenchDatabase } from './lib/databases.ts';
import { runLoad, type TTargetResult } from './lib/load.ts';
import { insertOrders } from './lib/orders.ts';
import { goal, round, runBench, type TFigure } from './lib/report.ts';
import { listen, startRealApp, type TRunningServer } from './lib/servers.ts';
import { latencySummary, type TLatencySummary } from './lib/stats.ts';

/**
 * The admin orders list as an admin's browser asks for it (session cookie, validation, role
 * check, the page's two statements, the answer's shape) against a bare route running the same two
 * statements and sending the rows as they come. The difference is what the app adds per request.
 * 10,000 orders; 8 keep-alive connections for 8 s per round, real and bare alternating for three
 * rounds each (so a slow moment of this shared machine falls on both alike).
 */

const ORDERS = 10_000;
const PAGE = 50;
const CONNECTIONS = 8;
const ROUND_MS = 8_000;
const ROUNDS = 3;
const WARM_UP_REQUESTS = 200;
const TIMEOUT_MS = 30_000;
const REAL_PATH = `/api/admin/orders?limit=${PAGE}`;
const BARE_PATH = '/bare/admin-orders';
const RATIO_GOAL = 0.5;
const P99_GOAL = 2;

/** A bare Fastify route with the list's SQL: no session, validation, role check or mapping. */
async function startBareList(database: TBenchDatabase): Promise<TRunningServer> {
  const app = Fastify({ logger: false });
  app.get(BARE_PATH, async () => {
    const keys = await listOrderPage(database.handle.db, { limit: PAGE + 1 });
    return { items: await ordersByIds(database.handle.db, keys.slice(0, PAGE)) };
  });
  return listen(app);
}

/** The first admin, signed in over HTTP as the browser does: the session cookie to send. */
async function adminCookie(server: TRunningServer & { app: FastifyInstance }): Promise<string> {
  const email = 'bench-admin@example.com';
  const password = 'Orders-Console-Load-2026';
  await server.app.services.signUp.createFirstAdmin({ email, password, emailVerified: true });
  const response = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

type TRun = {
  reqPerSec: number;
  latencyMs: TLatencySummary;
  failures: number;
  failureKinds: Record<string, number>;
  requests: number;
};

function summarise(results: TTargetResult[]): TRun {
  const samples = results.flatMap((result) => result.samples);
  const elapsedMs = results.reduce((sum, result) => sum + result.elapsedMs, 0);
  return {
    requests: samples.length,
    reqPerSec: round((samples.length / elapsedMs) * 1000),
    latencyMs: latencySummary(samples.map((sample) => sample.ms)),
    failures: samples.filter((sample) => sample.status !== 200).length,
    failureKinds: samples.reduce<Record<string, number>>((kinds, sample) => {
      const kind = sample.error ?? (sample.status === 200 ? undefined : String(sample.status));
      if (kind) kinds[kind] = (kinds[kind] ?? 0) + 1;
      return kinds;
    }, {}),
  };
}

/** "0", or the count with its kinds, e.g. "9 (503: 9)". */
function describeFailures(...runs: TRun[]): string | number {
  const kinds: Record<string, number> = {};
  for (const run of runs)
    for (const [kind, n] of Object.entries(run.failureKinds)) kinds[kind] = (kinds[kind] ?? 0) + n;
  const total = Object.values(kinds).reduce((sum, n) => sum + n, 0);
  return total === 0
    ? 0
    : `${total} (${Object.entries(kinds)
        .map(([kind, n]) => `${kind}: ${n}`)
        .join(', ')})`;
}

async function load(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  stop: { requests: number } | { durationMs: number },
) {
  const [result] = await runLoad({
    baseUrl,
    timeoutMs: TIMEOUT_MS,
    stop,
    targets: [{ name: path, method: 'GET', path, connections: CONNECTIONS, headers }],
  });
  return result!;
}

async function measure(database: TBenchDatabase) {
  await insertOrders(database, ORDERS);
  const real = await startRealApp(database);
  const bare = await startBareList(database);
  try {
    const cookie = await adminCookie(real);
    const first = await fetch(`${real.baseUrl}${REAL_PATH}`, { headers: { cookie } });
    if (first.status !== 200) throw new Error(`admin list: ${first.status} ${await first.text()}`);
    const items = ((await first.json()) as { items: unknown[] }).items.length;
    await load(real.baseUrl, REAL_PATH, { cookie }, { requests: WARM_UP_REQUESTS });
    await load(bare.baseUrl, BARE_PATH, {}, { requests: WARM_UP_REQUESTS });
    const realRounds: TTargetResult[] = [];
    const bareRounds: TTargetResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      realRounds.push(await load(real.baseUrl, REAL_PATH, { cookie }, { durationMs: ROUND_MS }));
      bareRounds.push(await load(bare.baseUrl, BARE_PATH, {}, { durationMs: ROUND_MS }));
    }
    return { items, real: summarise(realRounds), bare: summarise(bareRounds) };
  } finally {
    await real.close();
    await bare.close();
  }
}

await runBench(async () => {
  const figures: TFigure[] = [];
  const notes: string[] = [];
  const details: Record<string, unknown> = {};
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const engines = benchEngines(postgresUrl, notes);

  for (const engine of engines) {
    console.info(`admin-list: ${engine.label}, ${ORDERS.toLocaleString('en')} orders...`);
    const database = await engine.create();
    try {
      const result = await measure(database);
      details[engine.label] = result;
      const ratio = round(result.real.reqPerSec / Math.max(result.bare.reqPerSec, 0.1), 2);
      const p99Ratio = round(result.real.latencyMs.p99 / Math.max(result.bare.latencyMs.p99, 0.01), 2);
      figures.push(
        { name: `${engine.label} admin list (page of ${result.items})`, value: result.real.reqPerSec, unit: 'req/s' },
        { name: `${engine.label} bare route, same SQL`, value: result.bare.reqPerSec, unit: 'req/s' },
        {
          name: `${engine.label} list ÷ bare, req/s`,
          value: ratio,
          goal: `≥ ${RATIO_GOAL}`,
          status: goal(ratio >= RATIO_GOAL),
        },
        { name: `${engine.label} list p99`, value: result.real.latencyMs.p99, unit: 'ms' },
        { name: `${engine.label} bare p99`, value: result.bare.latencyMs.p99, unit: 'ms' },
        {
          name: `${engine.label} list ÷ bare, p99`,
          value: p99Ratio,
          goal: `≤ ${P99_GOAL}`,
          status: goal(p99Ratio <= P99_GOAL),
        },
        {
          name: `${engine.label} failed requests`,
          value: describeFailures(result.real, result.bare),
          goal: '0',
          status: goal(result.real.failures + result.bare.failures === 0),
        },
      );
    } finally {
      await database.dispose();
    }
  }
  notes.push(
    `${ROUNDS} rounds of ${ROUND_MS / 1000} s each, real and bare alternating, ${CONNECTIONS} keep-alive connections, after ${WARM_UP_REQUESTS} warm-up requests each.`,
  );
  notes.push(`Load average (1 min) at the end: ${round(os.loadavg()[0] ?? 0, 2)} on ${os.cpus().length} CPUs.`);
  if (postgresUrl) notes.push(`PostgreSQL at ${redact(postgresUrl)}.`);
  return {
    bench: 'admin-list',
    title: 'Admin orders list through the app ÷ a bare route with the same SQL',
    figures,
    notes,
    details,
  };
});
