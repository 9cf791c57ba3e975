// `npm run bench`: builds the app (unless --no-build), runs each bench/*.ts in its own process with
// tsx, prints a summary table and writes bench/results/<timestamp>.json. Exits non-zero only when
// a bench crashes (or the build they need fails); a missed goal is printed as MISSED.
//
//   npm run bench                          build, then every bench
//   npm run bench -- --no-build            use the current build
//   npm run bench -- --only=form-throughput,concurrency
//
// PostgreSQL figures (and the PostgreSQL runs of faults) need TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test);
// BENCH_LIGHTHOUSE_RUNS (default 3) sets the Lighthouse runs per page, of which the median counts;
// BENCH_LIGHTHOUSE_PAGES (e.g. /,/request) narrows Lighthouse to some of the public pages.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BENCHES = [
  { name: 'bundle-size', needsBuild: true },
  { name: 'lighthouse', needsBuild: true },
  { name: 'form-throughput', needsBuild: false },
  { name: 'concurrency', needsBuild: false },
  { name: 'orders-list', needsBuild: false },
  { name: 'admin-list', needsBuild: false },
  { name: 'dispatch-ranking', needsBuild: false },
  { name: 'upload', needsBuild: false },
  { name: 'hostile-files', needsBuild: false },
  { name: 'overload', needsBuild: false },
  { name: 'commit-durability', needsBuild: false },
  { name: 'faults', needsBuild: false },
  // Builds its own page around the viewer (bench/fixtures/point-cloud-page), not the app.
  { name: 'point-cloud', needsBuild: false },
  // LAS → EPT conversion in the contained child, at 5 M and 50 M points (decision 226).
  { name: 'point-tree', needsBuild: false },
  // The viewer streaming that tree by view in headless Chromium (BENCH_POINT_STREAM_SIZES for 50 M).
  { name: 'point-stream', needsBuild: false },
];

function parseArgs(argv) {
  const options = { build: true, only: undefined };
  for (const arg of argv) {
    if (arg === '--no-build') options.build = false;
    else if (arg.startsWith('--only=')) options.only = arg.slice('--only='.length).split(',').filter(Boolean);
    else {
      console.error(`Unknown argument ${arg}. Use --no-build and --only=${BENCHES.map((b) => b.name).join(',')}.`);
      process.exit(2);
    }
  }
  const unknown = (options.only ?? []).filter((name) => !BENCHES.some((bench) => bench.name === name));
  if (unknown.length > 0) {
    console.error(`Unknown bench ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}.`);
    process.exit(2);
  }
  return options;
}

function pad(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows.map((row) =>
    row
      .map((cell, column) => String(cell).padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
}

function formatValue(figure) {
  if (figure.value === null || figure.value === undefined) return '—';
  return figure.unit ? `${figure.value} ${figure.unit}` : String(figure.value);
}

const options = parseArgs(process.argv.slice(2));
const selected = BENCHES.filter((bench) => !options.only || options.only.includes(bench.name));
const startedAt = new Date();
const runId = startedAt.toISOString().replace(/[:.]/g, '-');
const resultsDir = path.join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });

let build = { ran: false };
if (options.build && selected.some((bench) => bench.needsBuild)) {
  console.info('=== npm run build ===');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  build = { ran: true, ok: result.status === 0, exitCode: result.status };
  if (!build.ok) console.error(`\nnpm run build failed (exit ${result.status}); the benches that need it will fail.`);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const runs = [];
for (const bench of selected) {
  console.info(`\n=== ${bench.name} ===`);
  const run = { name: bench.name, loadAverageBefore: os.loadavg().map((load) => Math.round(load * 100) / 100) };
  const started = Date.now();
  if (bench.needsBuild && build.ran && !build.ok) {
    // A stale build from before would give figures of code that no longer exists.
    run.ok = false;
    run.error = `not run: npm run build failed (exit ${build.exitCode}); ${bench.name} measures the built app.`;
    console.error(run.error);
  } else {
    const resultFile = path.join(os.tmpdir(), `spacecapture-bench-${runId}-${bench.name}.json`);
    rmSync(resultFile, { force: true });
    const result = spawnSync(tsx, [path.join(root, 'bench', `${bench.name}.ts`)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_RESULT_FILE: resultFile, BENCH_RESULTS_DIR: resultsDir, BENCH_RUN_ID: runId },
    });
    try {
      run.result = JSON.parse(readFileSync(resultFile, 'utf8'));
      run.ok = result.status === 0;
    } catch {
      run.ok = false;
    }
    if (!run.ok) run.error = `crashed (exit ${result.status ?? result.signal}); see its output above.`;
    rmSync(resultFile, { force: true });
  }
  run.seconds = Math.round((Date.now() - started) / 100) / 10;
  runs.push(run);
}

const rows = [['bench', 'figure', 'value', 'goal', 'status']];
const notes = [];
for (const run of runs) {
  if (!run.ok) rows.push([run.name, 'CRASHED', run.error, '', 'CRASHED']);
  for (const figure of run.result?.figures ?? []) {
    rows.push([run.name, figure.name, formatValue(figure), figure.goal ?? '', figure.status ?? '']);
  }
  for (const note of run.result?.notes ?? []) notes.push(`${run.name}: ${note}`);
}
const [header, ...body] = pad(rows);
console.info(`\n=== Summary (${runId}) ===\n${header}\n${'-'.repeat(header.length)}\n${body.join('\n')}`);
if (notes.length > 0) console.info(`\n${notes.join('\n')}`);
// Other work on the machine moves the figures; say how busy it was.
const loads = runs.map((run) => `${run.name} ${run.loadAverageBefore[0]}`).join(', ');
console.info(`\nLoad average (1 min) before each bench, on ${os.cpus().length} CPUs: ${loads}`);

const summary = {
  runId,
  startedAt: startedAt.toISOString(),
  machine: {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 1e9),
  },
  build,
  benches: runs,
};
const resultPath = path.join(resultsDir, `${runId}.json`);
writeFileSync(resultPath, `${JSON.stringify(summary, null, 2)}\n`);
const missed = runs.flatMap((run) => run.result?.figures ?? []).filter((f) => f.status?.startsWith('MISSED')).length;
const crashed = runs.filter((run) => !run.ok).length;
console.info(`\nResults: ${path.relative(root, resultPath)} (${missed} goal(s) missed, ${crashed} bench(es) crashed)`);
process.exit(crashed > 0 ? 1 : 0);
