import { schema } from '@spacecapture/db/client';
import { sql } from 'drizzle-orm';
import { emailOf } from './lib/capture-request.ts';
import { createPgliteDatabase, createPostgresDatabase, type TBenchDatabase } from './lib/databases.ts';
import { countDiskSyncs } from './lib/disk-syncs.ts';
import { runLoad, type TSample, type TTargetResult } from './lib/load.ts';
import { goal, round, runBench, type TFigure } from './lib/report.ts';
import { BARE_PATH, startBareApp, startRealApp } from './lib/servers.ts';
import { latencySummary, type TLatencySummary } from './lib/stats.ts';

/**
 * Public capture-request throughput: the real route against a bare route doing the same insert,
 * on PGlite and on PostgreSQL, with every acknowledged request checked against the stored rows.
 */

const REQUESTS = 3000;
const ROUNDS = 3;
const WARM_UP_REQUESTS = 200;
const CONCURRENCY = 16;
const REPLAYS = 200;
const TIMEOUT_MS = 30_000;
const CAPTURE_PATH = '/api/public/capture-requests';
const RATIO_GOAL = 0.5;

type TRunSummary = {
  requests: number;
  created: number;
  otherStatuses: Record<string, number>;
  errors: Record<string, number>;
  reqPerSec: number;
  latencyMs: TLatencySummary;
};

type TIntegrity = {
  rows: number;
  acknowledged: number;
  lost: number;
  unacknowledged: number;
  duplicated: number;
  ok: boolean;
};

function summarise(result: TTargetResult): TRunSummary {
  const otherStatuses: Record<string, number> = {};
  const errors: Record<string, number> = {};
  for (const sample of result.samples) {
    if (sample.error) errors[sample.error] = (errors[sample.error] ?? 0) + 1;
    else if (sample.status !== 201) otherStatuses[sample.status] = (otherStatuses[sample.status] ?? 0) + 1;
  }
  return {
    requests: result.samples.length,
    created: result.samples.filter((sample) => sample.status === 201).length,
    otherStatuses,
    errors,
    reqPerSec: round((result.samples.length / result.elapsedMs) * 1000),
    latencyMs: latencySummary(result.samples.map((sample) => sample.ms)),
  };
}

/** "0", or the count with its breakdown by status or error, e.g. "3 (503: 2, timeout: 1)". */
function describeFailures(run: Pick<TRunSummary, 'otherStatuses' | 'errors'>): string {
  const parts = Object.entries({ ...run.otherStatuses, ...run.errors });
  const total = parts.reduce((sum, [, count]) => sum + count, 0);
  return total === 0 ? '0' : `${total} (${parts.map(([kind, count]) => `${kind}: ${count}`).join(', ')})`;
}

function mergeRounds(rounds: TTargetResult[]): TTargetResult {
  return {
    name: rounds[0]?.name ?? '',
    elapsedMs: rounds.reduce((sum, round) => sum + round.elapsedMs, 0),
    samples: rounds.flatMap((round) => round.samples),
  };
}

async function storedEmails(database: TBenchDatabase): Promise<string[]> {
  const { orderLeads } = schema;
  const rows = await database.handle.db
    .select({ email: sql<string>`${orderLeads.contact}->>'email'` })
    .from(orderLeads);
  return rows.map((row) => row.email);
}

/** Compares the rows stored under a prefix with the requests that were answered 201. */
function checkIntegrity(emails: string[], prefix: string, samples: TSample[]): TIntegrity {
  const mine = emails.filter((email) => email.startsWith(`${prefix}-`));
  const acknowledged = new Set(samples.filter((sample) => sample.status === 201).map((s) => emailOf(prefix, s.index)));
  const stored = new Set(mine);
  const lost = [...acknowledged].filter((email) => !stored.has(email)).length;
  const unacknowledged = [...stored].filter((email) => !acknowledged.has(email)).length;
  const duplicated = mine.length - stored.size;
  return {
    rows: mine.length,
    acknowledged: acknowledged.size,
    lost,
    unacknowledged,
    duplicated,
    ok: mine.length === acknowledged.size && lost === 0 && unacknowledged === 0 && duplicated === 0,
  };
}

async function countRows(database: TBenchDatabase): Promise<number> {
  const [row] = await database.handle.db.select({ count: sql<number>`count(*)::int` }).from(schema.orderLeads);
  return row?.count ?? 0;
}

async function measure(database: TBenchDatabase) {
  const app = await startRealApp(database);
  const bare = await startBareApp(database.handle);
  try {
    const run = async (baseUrl: string, path: string, prefix: string, indices: number[]) => {
      const [result] = await runLoad({
        baseUrl,
        timeoutMs: TIMEOUT_MS,
        stop: { requests: indices.length },
        targets: [{ name: prefix, method: 'POST', path, connections: CONCURRENCY, prefix, indices }],
      });
      return result!;
    };
    const range = (from: number, count: number) => Array.from({ length: count }, (_, n) => from + n);
    // Warm both (JIT, connection pool, plans) before measuring; these rows are checked too.
    const warmApp = await run(app.baseUrl, CAPTURE_PATH, 'warm-app', range(0, WARM_UP_REQUESTS));
    const warmBare = await run(bare.baseUrl, BARE_PATH, 'warm-bare', range(0, WARM_UP_REQUESTS));
    // Alternate the two in rounds, so a burst of other work on the machine hits both alike.
    const appRounds: TTargetResult[] = [];
    const bareRounds: TTargetResult[] = [];
    const perRound = REQUESTS / ROUNDS;
    const syncs = { app: 0, bare: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      let syncsOf = await countDiskSyncs(database.handle);
      appRounds.push(await run(app.baseUrl, CAPTURE_PATH, 'app', range(round * perRound, perRound)));
      syncs.app += await syncsOf();
      syncsOf = await countDiskSyncs(database.handle);
      bareRounds.push(await run(bare.baseUrl, BARE_PATH, 'bare', range(round * perRound, perRound)));
      syncs.bare += await syncsOf();
    }
    const appRun = mergeRounds(appRounds);
    const bareRun = mergeRounds(bareRounds);

    // Replays: the same key and body again must answer the first id and store nothing new.
    const rowsBeforeReplay = await countRows(database);
    const step = Math.floor(REQUESTS / REPLAYS);
    const replayIndices = Array.from({ length: REPLAYS }, (_, n) => n * step);
    const [replayRun] = await runLoad({
      baseUrl: app.baseUrl,
      timeoutMs: TIMEOUT_MS,
      stop: { requests: replayIndices.length },
      targets: [
        {
          name: 'replay',
          method: 'POST',
          path: CAPTURE_PATH,
          connections: CONCURRENCY,
          prefix: 'app',
          indices: replayIndices,
        },
      ],
    });
    const rowsAfterReplay = await countRows(database);
    const firstIds = new Map(appRun.samples.map((sample) => [sample.index, sample.id]));
    const replaySamples = replayRun!.samples;
    const replay = {
      sent: replaySamples.length,
      answered201: replaySamples.filter((sample) => sample.status === 201).length,
      sameIdAsFirst: replaySamples.filter(
        (s) => s.status === 201 && s.id !== undefined && s.id === firstIds.get(s.index),
      ).length,
      newRows: rowsAfterReplay - rowsBeforeReplay,
    };

    const emails = await storedEmails(database);
    const all = [warmApp, warmBare, appRun, bareRun];
    const created = all.reduce((sum, run) => sum + run.samples.filter((s) => s.status === 201).length, 0);
    const integrity = {
      app: checkIntegrity(emails, 'app', appRun.samples),
      bare: checkIntegrity(emails, 'bare', bareRun.samples),
      warmUp: [
        checkIntegrity(emails, 'warm-app', warmApp.samples),
        checkIntegrity(emails, 'warm-bare', warmBare.samples),
      ],
      totalRows: emails.length,
      total201: created,
    };
    const appSummary = summarise(appRun);
    const bareSummary = summarise(bareRun);
    return {
      app: appSummary,
      bare: bareSummary,
      ratio: round(appSummary.reqPerSec / bareSummary.reqPerSec, 2),
      // Only the embedded database syncs in this process; PostgreSQL syncs in its own.
      diskSyncsPerRequest: {
        app: round(syncs.app / appRun.samples.length, 2),
        bare: round(syncs.bare / bareRun.samples.length, 2),
      },
      integrity,
      replay,
    };
  } finally {
    await app.close();
    await bare.close();
  }
}

type TMeasurement = Awaited<ReturnType<typeof measure>>;

function figuresOf(label: string, m: TMeasurement): TFigure[] {
  const { integrity, replay } = m;
  const checks = [integrity.app, integrity.bare, ...integrity.warmUp];
  const sum = (key: 'lost' | 'duplicated' | 'unacknowledged') => checks.reduce((total, check) => total + check[key], 0);
  const noLoss = checks.every((check) => check.ok) && integrity.totalRows === integrity.total201;
  const replayOk = replay.newRows === 0 && replay.sameIdAsFirst === replay.sent;
  return [
    { name: `${label}: app req/s`, value: m.app.reqPerSec, unit: 'req/s' },
    { name: `${label}: bare route req/s`, value: m.bare.reqPerSec, unit: 'req/s' },
    {
      name: `${label}: app / bare`,
      value: m.ratio,
      unit: '×',
      goal: `≥ ${RATIO_GOAL}×`,
      status: goal(m.ratio >= RATIO_GOAL),
    },
    ...(label === 'PGlite'
      ? [
          {
            name: `${label}: disk syncs per request app / bare`,
            value: `${m.diskSyncsPerRequest.app} / ${m.diskSyncsPerRequest.bare}`,
          },
        ]
      : []),
    { name: `${label}: app latency p50 / p99`, value: `${m.app.latencyMs.p50} / ${m.app.latencyMs.p99}`, unit: 'ms' },
    {
      name: `${label}: bare latency p50 / p99`,
      value: `${m.bare.latencyMs.p50} / ${m.bare.latencyMs.p99}`,
      unit: 'ms',
    },
    {
      name: `${label}: non-201 answers app / bare`,
      value: `${describeFailures(m.app)} / ${describeFailures(m.bare)}`,
      goal: '0 / 0',
      status: goal(m.app.created === m.app.requests && m.bare.created === m.bare.requests),
    },
    {
      name: `${label}: rows = 201s (lost / dup / unacked)`,
      value: `${integrity.totalRows} = ${integrity.total201} (${sum('lost')} / ${sum('duplicated')} / ${sum('unacknowledged')})`,
      goal: 'equal, 0 / 0 / 0',
      status: goal(noLoss),
    },
    {
      name: `${label}: replays (same id / new rows)`,
      value: `${replay.sameIdAsFirst}/${replay.sent} / ${replay.newRows}`,
      goal: `${REPLAYS}/${REPLAYS} / 0`,
      status: goal(replayOk),
    },
  ];
}

await runBench(async () => {
  const figures: TFigure[] = [];
  const notes: string[] = [];
  const details: Record<string, unknown> = {
    requests: REQUESTS,
    rounds: ROUNDS,
    concurrency: CONCURRENCY,
    warmUpRequests: WARM_UP_REQUESTS,
    replays: REPLAYS,
  };

  const targets: Array<() => Promise<TBenchDatabase | { skipped: string }>> = [createPgliteDatabase];
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) targets.push(() => createPostgresDatabase(postgresUrl));
  else notes.push('PostgreSQL skipped: TEST_DATABASE_URL is not set.');

  for (const create of targets) {
    const database = await create();
    if ('skipped' in database) {
      notes.push(`PostgreSQL skipped: ${database.skipped}.`);
      continue;
    }
    console.info(`form-throughput: ${database.label}, ${REQUESTS} requests per route at concurrency ${CONCURRENCY}...`);
    try {
      const measurement = await measure(database);
      details[database.label] = measurement;
      figures.push(...figuresOf(database.label, measurement));
    } finally {
      await database.dispose();
    }
  }
  return { bench: 'form-throughput', title: 'Public capture-request throughput', figures, notes, details };
});
