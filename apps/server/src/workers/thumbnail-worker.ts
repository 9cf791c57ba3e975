import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TDatabase } from '@spacecapture/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { containedScript, runContained, type TContainedLimits } from '../lib/contained-process.ts';
import { claimDueThumbnails, markThumbnail } from '../modules/deliverables/deliverables-repository.ts';
import type { TFileStore } from '../modules/storage/file-store.ts';
import { canMakeThumbnail } from '../modules/thumbnails/thumbnail-maker.ts';
import { createRecordedFileQueue } from './recorded-file-queue.ts';

/**
 * Makes deliverables' thumbnails off the request path (decision 138). An upload's completion
 * kicks a pass after its transaction committed; a pass also runs every minute, which catches
 * files from before a restart and retries. At most CONCURRENCY thumbnails are made at a time per
 * instance; a file fails into its type icon after MAX_ATTEMPTS.
 *
 * Each file is read by a contained child process (decision 171), never on the server's thread:
 * a file that trips a limit (time, memory, pixels) keeps its type icon at once, with one log line,
 * since trying it again would only cost the same again.
 */

export const DEFAULT_THUMBNAIL_OPTIONS = {
  intervalMs: 60_000,
  concurrency: 2,
  maxAttempts: 3,
  /** How long a claimed file is held before another pass may try it again. */
  holdMs: 10 * 60_000,
  /** Larger sources keep the type icon: decoding them would take too much memory. */
  maxSourceBytes: 200 * 1024 * 1024,
  /** The limits of the child that reads one file. */
  limits: {
    timeoutMs: 20_000,
    maxHeapMb: 512,
    maxRssMb: 1024,
    maxOutputBytes: 4 * 1024 * 1024,
  } satisfies TContainedLimits as TContainedLimits,
};
export type TThumbnailWorkerOptions = typeof DEFAULT_THUMBNAIL_OPTIONS;

/** The child that makes one thumbnail: bundled beside the server, or the source in the thumbnails module. */
const thumbnailScript = () =>
  containedScript([
    new URL('./thumbnail-process.mjs', import.meta.url),
    new URL('../modules/thumbnails/thumbnail-process.ts', import.meta.url),
  ]);

/** Where a deliverable's thumbnail lives: in its order's folder, beside the file. */
export function thumbnailKeyOf(orderId: string, deliverableId: string) {
  return `${orderId}/thumbnails/${deliverableId}.webp`;
}

export function createThumbnailWorker(deps: {
  db: TDatabase;
  files: TFileStore;
  clock: () => Date;
  log: FastifyBaseLogger;
  options: TThumbnailWorkerOptions;
}) {
  const { db, files, clock, log, options } = deps;
  const script = thumbnailScript();

  async function makeOne(file: Awaited<ReturnType<typeof claimDueThumbnails>>[number]) {
    const sourceKey = file.fileLinks.paths[0];
    if (!sourceKey || !canMakeThumbnail(file.fileName) || Number(file.size) > options.maxSourceBytes) {
      await markThumbnail(db, file.id, { state: 'none' });
      return 'none' as const;
    }
    try {
      const { stream } = await files.open(sourceKey);
      const made = await runContained(script, [file.fileName], stream, options.limits);
      if (!made.ok && made.reason !== 'unreadable') {
        log.warn(
          { deliverableId: file.id, limit: made.reason, detail: made.detail },
          'thumbnail not made: over a limit',
        );
        await markThumbnail(db, file.id, { state: 'failed' });
        return 'failed' as const;
      }
      if (!made.ok) throw new Error(`The file could not be read: ${made.detail}`);
      const thumbnail = made.output;
      const key = thumbnailKeyOf(file.orderId, file.id);
      const temp = path.join(await files.tempDir(), `thumbnail-${randomUUID()}`);
      await writeFile(temp, thumbnail);
      try {
        await files.adopt(temp, key);
      } finally {
        await files.discardTemp(temp);
      }
      await markThumbnail(db, file.id, { state: 'ready', key });
      return 'ready' as const;
    } catch (error) {
      const last = file.attempts >= options.maxAttempts;
      log.warn({ err: error, deliverableId: file.id, attempt: file.attempts, last }, 'thumbnail failed');
      await markThumbnail(
        db,
        file.id,
        last
          ? { state: 'failed' }
          : { state: 'pending', retryAt: new Date(clock().getTime() + file.attempts * 60_000) },
      );
      return 'failed' as const;
    }
  }

  return createRecordedFileQueue(
    deps,
    options,
    'thumbnail',
    (now, limit, holdMs) => claimDueThumbnails(db, now, limit, holdMs),
    makeOne,
  );
}

export type TThumbnailWorker = ReturnType<typeof createThumbnailWorker>;
