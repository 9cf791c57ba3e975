import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPglite, type TDatabaseHandle } from '@spacecapture/db/client';
import { openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { sql } from 'drizzle-orm';
import { round, runBench, type TFigure } from './lib/report.ts';
import { percentile } from './lib/stats.ts';

/**
 * What durable commits cost on PGlite (decision 074): single-row commits, one after another, on
 * the embedded database as the server opens it (fsync on) and on PGlite's defaults (no fsync).
 */

const COMMITS = 300;

async function timeCommits(handle: TDatabaseHandle): Promise<number[]> {
  await handle.db.execute(sql`create table if not exists bench_commits (n int not null, body text not null)`);
  const times: number[] = [];
  for (let i = 0; i < COMMITS; i++) {
    const started = performance.now();
    await handle.db.execute(sql`insert into bench_commits (n, body) values (${i}, ${'x'.repeat(200)})`);
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(label: string, open: (dir: string) => Promise<TDatabaseHandle>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-bench-durability-'));
  try {
    const handle = await open(dir);
    try {
      const times = await timeCommits(handle);
      const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
      return { label, meanMs: round(mean, 2), p99Ms: round(percentile(times, 99), 2), perSecond: round(1000 / mean) };
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await runBench(async () => {
  const durable = await measure('fsync on (server default)', (dir) => openEmbeddedDatabase(dir));
  const relaxed = await measure('PGlite defaults (no fsync)', (dir) => openPglite(path.join(dir, 'db')));
  const figures: TFigure[] = [durable, relaxed].map((run) => ({
    name: `${run.label}: commit mean / p99, commits/s`,
    value: `${run.meanMs} / ${run.p99Ms} ms, ${run.perSecond}`,
  }));
  figures.push({ name: 'cost of durability per commit', value: round(durable.meanMs - relaxed.meanMs, 2), unit: 'ms' });
  return {
    bench: 'commit-durability',
    title: `${COMMITS} single-row commits on PGlite, one after another (disk under ${os.tmpdir()})`,
    figures,
    notes: [],
    details: { commits: COMMITS, durable, relaxed },
  };
});
