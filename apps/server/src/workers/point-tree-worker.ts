import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TDatabase } from '@spacecapture/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { containedScript, runContained, type TContainedLimits } from '../lib/contained-process.ts';
import {
  claimDuePointTrees,
  markPointTree,
  markPointTreeProgress,
} from '../modules/deliverables/deliverables-repository.ts';
import type { TFileStore } from '../modules/storage/file-store.ts';
import { createRecordedFileQueue } from './recorded-file-queue.ts';

/**
 * Turns uploaded point clouds into level-of-detail trees (decision 226), off the request path like
 * thumbnails: an upload's commit asks for a pass, and a pass runs every minute, which catches
 * files from before a restart and a conversion a crashed instance left half done.
 *
 * Each file is converted by a contained child process (decision 171) that has no database or
 * bucket access: it writes the tree to a local work folder, reporting its progress on stdout,
 * which the worker records on the deliverable; once it exits, the worker stores the tree's files
 * beside the original, where the tree's route reads them.
 */

export const DEFAULT_POINT_TREE_OPTIONS = {
  intervalMs: 60_000,
  /** One conversion at a time per instance: each reads its file twice and takes a core. */
  concurrency: 1,
  maxAttempts: 3,
  /** How long a claimed file is held before another pass may try it again (a crashed conversion). */
  holdMs: 30 * 60_000,
  /** A file's time limit grows with its size: this long, plus a second per `bytesPerSecond`. */
  baseTimeoutMs: 60_000,
  bytesPerSecond: 5 * 1024 * 1024,
  /** The limits of the child; `timeoutMs` is the least, raised by the file's size. */
  limits: {
    timeoutMs: 60_000,
    maxHeapMb: 512,
    maxRssMb: 1024,
    maxOutputBytes: 64 * 1024,
  } satisfies TContainedLimits as TContainedLimits,
};
export type TPointTreeWorkerOptions = typeof DEFAULT_POINT_TREE_OPTIONS;

/** The kinds converted into a tree (decisions 226 and 244); the others keep today's viewer. */
const CONVERTED = /\.(las|laz|ply|e57)$/i;

/** The child that converts one file: bundled beside the server, or the source in its module. */
const pointTreeScript = () =>
  containedScript([
    new URL('./point-tree-process.mjs', import.meta.url),
    new URL('../modules/point-trees/point-tree-process.ts', import.meta.url),
  ]);

/** Where a deliverable's tree lives: in its order's folder, beside the file. */
function pointTreeKeyOf(orderId: string, deliverableId: string) {
  return `${orderId}/trees/${deliverableId}`;
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

export function createPointTreeWorker(deps: {
  db: TDatabase;
  files: TFileStore;
  clock: () => Date;
  log: FastifyBaseLogger;
  options: TPointTreeWorkerOptions;
}) {
  const { db, files, clock, log, options } = deps;
  const script = pointTreeScript();

  async function convertOne(file: Awaited<ReturnType<typeof claimDuePointTrees>>[number]) {
    const sourceKey = file.fileLinks.paths[0];
    if (!sourceKey || !CONVERTED.test(file.fileName)) {
      await markPointTree(db, file.id, { state: 'none' });
      return 'none' as const;
    }
    const workDir = path.join(await files.tempDir(), `tree-${randomUUID()}`);
    try {
      await mkdir(workDir, { recursive: true });
      await markPointTreeProgress(db, file.id, 0);
      const { stream } = await files.open(sourceKey);
      // Progress lines are recorded one at a time, each only when the whole per cent moved.
      let recorded = 0;
      let pending = '';
      let writing = Promise.resolve();
      const hear = (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const progress = (JSON.parse(line) as { progress?: number }).progress;
          if (progress === undefined) continue;
          // 99 at most until the tree is stored: 100 is "ready".
          const percent = Math.min(99, Math.floor(progress * 100));
          if (percent <= recorded) continue;
          recorded = percent;
          writing = writing.then(() => markPointTreeProgress(db, file.id, percent)).catch(() => {});
        }
      };
      const limits = {
        ...options.limits,
        timeoutMs: Math.max(
          options.limits.timeoutMs,
          options.baseTimeoutMs + (Number(file.size) / options.bytesPerSecond) * 1000,
        ),
      };
      // The child names its work file by the extension; it picks the reader by the file's first bytes.
      const extension = path.extname(file.fileName).slice(1).toLowerCase();
      const made = await runContained(script, [workDir, extension], stream, limits, hear);
      await writing;
      if (!made.ok) {
        const overLimit = made.reason !== 'unreadable';
        log.warn(
          { deliverableId: file.id, limit: overLimit ? made.reason : undefined, detail: made.detail },
          overLimit ? 'point tree not made: over a limit' : 'point tree not made: unreadable file',
        );
        const error = overLimit
          ? `The conversion passed its ${made.reason} limit.`
          : made.detail || 'The file could not be read as a point cloud.';
        await markPointTree(db, file.id, { state: 'failed', error: error.slice(0, 500) });
        return 'failed' as const;
      }
      const treeDir = path.join(workDir, 'ept');
      const key = pointTreeKeyOf(file.orderId, file.id);
      for (const name of await filesUnder(treeDir)) await files.adopt(path.join(treeDir, name), `${key}/${name}`);
      await markPointTree(db, file.id, { state: 'ready', key });
      return 'ready' as const;
    } catch (error) {
      const last = file.attempts >= options.maxAttempts;
      log.warn({ err: error, deliverableId: file.id, attempt: file.attempts, last }, 'point tree failed');
      await markPointTree(
        db,
        file.id,
        last
          ? { state: 'failed', error: 'The conversion failed; the original file is still the download.' }
          : { state: 'pending', retryAt: new Date(clock().getTime() + file.attempts * 60_000) },
      );
      return 'failed' as const;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  return createRecordedFileQueue(
    deps,
    options,
    'point tree',
    (now, limit, holdMs) => claimDuePointTrees(db, now, limit, holdMs),
    convertOne,
  );
}

export type TPointTreeWorker = ReturnType<typeof createPointTreeWorker>;
