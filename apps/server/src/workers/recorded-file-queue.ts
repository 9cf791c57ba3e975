import { onCommitted } from '@spacecapture/db/after-commit';
import type { TDatabase } from '@spacecapture/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { DELIVERABLE_RECORDED } from '../modules/deliverables/deliverables-repository.ts';
import { createPollingLoop } from './polling-loop.ts';

/** How one recorded file's work ended. */
export type TFileWorkResult = 'ready' | 'none' | 'failed';

/**
 * A worker over the files a queue column hands out (thumbnails, point-cloud trees): each pass
 * claims batches of due files and works them, `concurrency` at a time, until none is due; a
 * recorded file asks for a pass soon. The claim holds a file for `holdMs`, so a process that dies
 * mid-work leaves it to the next pass rather than losing it.
 */
export function createRecordedFileQueue<TClaimed>(
  deps: { db: TDatabase; log: Pick<FastifyBaseLogger, 'error'>; clock: () => Date },
  options: { concurrency: number; holdMs: number; intervalMs: number },
  what: string,
  claim: (now: Date, limit: number, holdMs: number) => Promise<TClaimed[]>,
  work: (file: TClaimed) => Promise<TFileWorkResult>,
) {
  const loop = createPollingLoop(async (isStopping) => {
    const counts: Record<TFileWorkResult, number> = { ready: 0, none: 0, failed: 0 };
    try {
      while (!isStopping()) {
        const batch = await claim(deps.clock(), options.concurrency, options.holdMs);
        if (batch.length === 0) break;
        for (const result of await Promise.all(batch.map(work))) counts[result]++;
      }
    } catch (error) {
      deps.log.error({ err: error }, `${what} pass failed`);
    }
    return counts;
  }, options.intervalMs);

  // Heard only while the worker runs; never awaited by the upload that recorded the file.
  onCommitted(deps.db, DELIVERABLE_RECORDED, loop.soon);

  return {
    start: loop.start,
    /** Runs a pass now (tests drive it by hand) and resolves with what it did. */
    kick: loop.kick,
    /** After an upload committed: a pass soon, when the worker runs. */
    soon: loop.soon,
    stop: loop.stop,
  };
}
