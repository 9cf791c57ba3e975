import type { FastifyBaseLogger } from 'fastify';
import { createBatchLoop, type TBatchLoopOptions } from './polling-loop.ts';

export type TSchedulingWorkerOptions = TBatchLoopOptions;

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
  const { name, ...loop } = deps;
  return createBatchLoop({
    ...loop,
    messages: { count: 'handled', done: `${name} pass`, failed: `${name} pass failed` },
  });
}

export type TBatchWorker = ReturnType<typeof createBatchWorker>;
