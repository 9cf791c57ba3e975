import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runContained } from '../apps/server/src/lib/contained-process.ts';
import { DEFAULT_POINT_TREE_OPTIONS } from '../apps/server/src/workers/point-tree-worker.ts';
import { writeGeneratedLas } from '../apps/server/test/las-files.ts';
import { writeGeneratedLaz, writeGeneratedPly } from '../apps/server/test/point-files.ts';
import { goal, round, runBench, type TFigure } from './lib/report.ts';

/**
 * Converting a point cloud into its streaming EPT tree (issue 31, decisions 226 and 244), the way
 * the point-tree worker does it: the contained child, under the worker's production limits, reads
 * the file from stdin and writes the tree to a local folder. Measured for generated LAS files of
 * 5 M and 50 M points (BENCH_POINT_TREE_SIZES, comma-separated, changes them) and, at the first
 * size, the same points as LAZ and as binary PLY (BENCH_POINT_TREE_FORMATS, e.g. `las,laz,ply`,
 * changes which): points per second from the first byte sent to the child to its exit, and the
 * child's peak resident memory.
 */

const SIZES = (process.env.BENCH_POINT_TREE_SIZES ?? '5000000,50000000').split(',').map(Number);
type TFormat = 'las' | 'laz' | 'ply';
const FORMATS = (process.env.BENCH_POINT_TREE_FORMATS ?? 'las,laz,ply').split(',') as TFormat[];
/** Each size as LAS; the other formats at the first size only (a 50 M LAZ takes minutes to compress in JavaScript). */
const RUNS = SIZES.flatMap((points, index) =>
  FORMATS.filter((format) => format === 'las' || index === 0).map((format) => ({ points, format })),
);
const SPEED_GOAL = 1_000_000;
const RSS_GOAL_MB = 1024;
const root = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = path.join(root, 'apps/server/src/modules/point-trees/point-tree-process.ts');

async function folderBytes(dir: string) {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

async function convertOnce(dir: string, points: number, format: TFormat) {
  const las = path.join(dir, `cloud-${points}.${format}`);
  const side = Math.sqrt(points) / 10;
  if (format === 'laz') await writeGeneratedLaz(las, points, side);
  else if (format === 'ply') await writeGeneratedPly(las, points, { encoding: 'binary_little_endian', side });
  else await writeGeneratedLas(las, points, side);
  const work = path.join(dir, `work-${points}-${format}`);
  await mkdir(work);
  const started = performance.now();
  const made = await runContained(SCRIPT, [work, format], createReadStream(las), {
    ...DEFAULT_POINT_TREE_OPTIONS.limits,
    timeoutMs: 30 * 60_000,
  });
  const seconds = (performance.now() - started) / 1000;
  if (!made.ok) return { points, format, ok: false as const, reason: `${made.reason}: ${made.detail}`, seconds };
  const last = made.output.toString('utf8').trim().split('\n').at(-1) ?? '{}';
  const done = (JSON.parse(last) as { done: { nodes: number; depth: number; maxRssMb: number } }).done;
  const treeBytes = await folderBytes(path.join(work, 'ept'));
  const sourceBytes = (await stat(las)).size;
  await rm(work, { recursive: true, force: true });
  await rm(las, { force: true });
  return { points, format, ok: true as const, seconds, ...done, treeBytes, sourceBytes };
}

await runBench(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-point-tree-'));
  const figures: TFigure[] = [];
  const details: unknown[] = [];
  try {
    for (const { points, format } of RUNS) {
      const run = await convertOnce(dir, points, format);
      details.push(run);
      const label = `${round(points / 1_000_000, 0)} M points${format === 'las' ? '' : ` (${format.toUpperCase()})`}`;
      if (!run.ok) {
        figures.push({ name: `${label}: conversion`, value: run.reason, status: 'MISSED (limit)' });
        continue;
      }
      const speed = points / run.seconds;
      figures.push(
        {
          name: `${label}: conversion speed`,
          value: round(speed / 1_000_000, 2),
          unit: 'M points/s',
          goal: `≥ ${SPEED_GOAL / 1_000_000} M points/s`,
          status: goal(speed >= SPEED_GOAL),
        },
        {
          name: `${label}: child's peak RSS`,
          value: run.maxRssMb,
          unit: 'MB',
          goal: `≤ ${RSS_GOAL_MB} MB`,
          status: goal(run.maxRssMb <= RSS_GOAL_MB),
        },
        { name: `${label}: time`, value: round(run.seconds, 1), unit: 's' },
        { name: `${label}: nodes / depth`, value: `${run.nodes} / ${run.depth}` },
        {
          name: `${label}: tree size / ${format.toUpperCase()} size`,
          value: `${round(run.treeBytes / 1e6, 0)} / ${round(run.sourceBytes / 1e6, 0)}`,
          unit: 'MB',
        },
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    bench: 'point-tree',
    title: 'LAS, LAZ and PLY → EPT tree in the contained child (generated clouds; LAS and LAZ of format 2)',
    figures,
    notes: [
      'Time runs from the first byte sent to the child to its exit: the copy of stdin to the work folder, the counting pass and the distribution pass.',
      "The child runs under the worker's production limits (512 MB heap, 1 GB resident); a file that passes one is reported as MISSED (limit).",
    ],
    details,
  };
});
