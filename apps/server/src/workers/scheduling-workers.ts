import type { FastifyBaseLogger } from 'fastify';
import { createPollingLoop } from './polling-loop.ts';

export type TSchedulingWorkerOptions = { pollIntervalMs: number; batchSize: number };

export const DEFAULT_SCHEDULING_WORKER_OPTIONS: TSchedulingWorkerOptions = { pollIntervalMs: 60_000, batchSize: 50 };

/**
 * A periodic pass over one scheduling duty (the auto-offer cascade's next step, the 24-hour
 * reminders): batches until one comes back short. `kick()` runs a pass now and resolves with how
 * many items it handled.
 */
export function createBatchWorker(deps: {
  name: string;
  runBatch: (limit: number) => Promise<number>;
  log: FastifyBaseLogger;
  options: TSchedulingWorkerOptions;
}) {
  const { log, options } = deps;
  return createPollingLoop(async (isStopping) => {
    let total = 0;
    try {
      for (;;) {
        const done = await deps.runBatch(options.batchSize);
        total += done;
        if (done < options.batchSize || isStopping()) break;
      }
      if (total > 0) log.info({ handled: total }, `${deps.name} pass`);
    } catch (error) {
      log.error({ err: error }, `${deps.name} pass failed`);
    }
    return total;
  }, options.pollIntervalMs);
}

export type TBatchWorker = ReturnType<typeof createBatchWorker>;
