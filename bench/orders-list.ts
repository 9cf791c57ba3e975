import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { benchEngines, redact, type TBenchDatabase } from './lib/databases.ts';
import { insertOrders, ORDER_BATCH } from './lib/orders.ts';
import { goal, round, runBench, type TFigure } from './lib/report.ts';

/**
 * GET /api/admin/orders at 1,000 and at 100,000 orders: the first page, a deep page (after
 * following 50 cursors), a status-filtered page, and three searches (a customer's name, a common
 * word, one order's address). Keyset pages served by indexes should cost the same at both sizes:
 * the goal is a ratio (100,000 ÷ 1,000) of at most 2 for each. Orders are written with SQL in
 * batches of 10,000 into a fresh database; requests go through the whole app (auth, validation,
 * serialisation) with app.inject. PostgreSQL too when TEST_DATABASE_URL is set.
 *
 *   npx tsx bench/orders-list.ts
 *   ORDERS_LIST_ANALYZE=0 npx tsx bench/orders-list.ts   (without planner statistics)
 */

const SIZES = [1_000, 100_000] as const;
const WARM_UP = 5;
const RUNS = 25;
const DEEP_PAGE_SIZE = 15;
const DEEP_CURSORS = 50;
const MAX_RATIO = 2;

type TScenario = { name: string; url: string };

const SCENARIOS: TScenario[] = [
  { name: 'first page', url: '/api/admin/orders?limit=50' },
  { name: 'status page', url: '/api/admin/orders?status=scheduled&limit=50' },
  { name: 'two statuses', url: '/api/admin/orders?status=cancelled,completed&limit=50' },
  { name: 'search: customer name', url: `/api/admin/orders?q=${encodeURIComponent('customer 7 holdings')}&limit=50` },
  { name: 'search: common word', url: '/api/admin/orders?q=warehouse&limit=50' },
  { name: 'search: one address', url: `/api/admin/orders?q=${encodeURIComponent('street 777,')}&limit=50` },
];

async function signIn(app: FastifyInstance) {
  const email = 'bench-admin@example.com';
  const password = 'Bench-Orders-List-2026';
  await app.services.signUp.createFirstAdmin({ email, password, emailVerified: true });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    payload: JSON.stringify({ email, password }),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookies = response.headers['set-cookie'];
  const lines = Array.isArray(cookies) ? cookies : [String(cookies)];
  return lines.map((line) => line.split(';')[0]).join('; ');
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function timeRequest(app: FastifyInstance, cookie: string, url: string) {
  const get = () => app.inject({ method: 'GET', url, headers: { cookie } });
  let items = 0;
  for (let i = 0; i < WARM_UP; i++) {
    const response = await get();
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    items = response.json().items.length;
  }
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await get();
    samples.push(performance.now() - started);
  }
  return { ms: round(median(samples), 2), items };
}

/** The cursor after following `count` pages of `limit` from the start. */
async function cursorAfter(app: FastifyInstance, cookie: string, limit: number, count: number) {
  let cursor: string | null = null;
  for (let page = 0; page < count; page++) {
    const url: string = `/api/admin/orders?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    cursor = response.json().nextCursor;
    if (!cursor) throw new Error(`no page ${page + 2} at limit ${limit}`);
  }
  return cursor!;
}

type TMeasurement = { size: number; insertMs: number; results: Record<string, { ms: number; items: number }> };

async function measure(createDatabase: () => Promise<TBenchDatabase>, size: number): Promise<TMeasurement> {
  const database = await createDatabase();
  try {
    const insertMs = await insertOrders(database, size);
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(database.dataDir, 'no-web-build'),
    });
    const app = await buildApp({ config, database: database.handle, startWorkers: false });
    await app.ready();
    try {
      const cookie = await signIn(app);
      const results: TMeasurement['results'] = {};
      for (const scenario of SCENARIOS) results[scenario.name] = await timeRequest(app, cookie, scenario.url);
      const cursor = await cursorAfter(app, cookie, DEEP_PAGE_SIZE, DEEP_CURSORS);
      results[`deep page (${DEEP_CURSORS + 1}st of ${DEEP_PAGE_SIZE})`] = await timeRequest(
        app,
        cookie,
        `/api/admin/orders?limit=${DEEP_PAGE_SIZE}&cursor=${encodeURIComponent(cursor)}`,
      );
      return { size, insertMs, results };
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}

await runBench(async () => {
  const figures: TFigure[] = [];
  const notes: string[] = [];
  const details: Record<string, TMeasurement[]> = {};
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const engines = benchEngines(postgresUrl, notes);

  for (const engine of engines) {
    const measurements: TMeasurement[] = [];
    for (const size of SIZES) {
      console.info(`orders-list: ${engine.label}, ${size.toLocaleString('en')} orders...`);
      const measurement = await measure(engine.create, size);
      console.info(`  inserted in ${round(measurement.insertMs / 1000, 1)} s`);
      measurements.push(measurement);
    }
    details[engine.label] = measurements;
    const [small, large] = measurements as [TMeasurement, TMeasurement];
    for (const name of Object.keys(small.results)) {
      const a = small.results[name]!;
      const b = large.results[name]!;
      const ratio = round(b.ms / Math.max(a.ms, 0.01), 2);
      figures.push({ name: `${engine.label} ${name} @1k`, value: a.ms, unit: 'ms' });
      figures.push({ name: `${engine.label} ${name} @100k`, value: b.ms, unit: 'ms' });
      figures.push({
        name: `${engine.label} ${name} ratio 100k/1k`,
        value: ratio,
        goal: `≤ ${MAX_RATIO}`,
        status: goal(ratio <= MAX_RATIO),
      });
    }
    notes.push(
      `${engine.label}: 100,000 orders written in ${round(large.insertMs / 1000, 1)} s (batches of ${ORDER_BATCH.toLocaleString('en')}).`,
    );
  }
  notes.push(`Median of ${RUNS} requests after ${WARM_UP} warm-up ones, through app.inject (no network).`);
  notes.push(`Load average (1 min) at the end: ${round(os.loadavg()[0] ?? 0, 2)} on ${os.cpus().length} CPUs.`);
  if (postgresUrl) notes.push(`PostgreSQL at ${redact(postgresUrl)}.`);
  return {
    bench: 'orders-list',
    title: 'Admin orders list: cost per page at 1,000 and 100,000 orders',
    figures,
    notes,
    details,
  };
});
