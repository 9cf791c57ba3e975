import type { TDatabase } from '@spacecapture/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { TFileStore } from '../modules/storage/file-store.ts';
import { sweepAbandonedUploads } from '../modules/uploads/abandoned-uploads.ts';
import { createPollingLoop } from './polling-loop.ts';

/** Often enough for an upload given up after a week (ABANDONED_UPLOAD_MS). */
const SWEEP_EVERY_MS = 3_600_000;

/**
 * Gives up unfinished uploads nobody resumed (decision 040) on the app's clock: a pass at start,
 * then one an hour after the last ended. Every instance may run it (removing an upload twice is
 * harmless). `kick()` runs a pass now and resolves with the keys removed.
 */
export function createAbandonedUploadsWorker(deps: {
  db: TDatabase;
  files: TFileStore;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  return createPollingLoop(async () => {
    try {
      const removed = await sweepAbandonedUploads({ db: deps.db, files: deps.files, now: deps.clock() });
      if (removed.length > 0) deps.log.info({ removed: removed.length }, 'abandoned uploads removed');
      return removed;
    } catch (error) {
      deps.log.error({ err: error }, 'abandoned uploads sweep failed');
      return [];
    }
  }, SWEEP_EVERY_MS);
}

export type TAbandonedUploadsWorker = ReturnType<typeof createAbandonedUploadsWorker>;
