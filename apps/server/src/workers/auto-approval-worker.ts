import type { FastifyBaseLogger } from 'fastify';
import { createBatchLoop, type TBatchLoopOptions } from './polling-loop.ts';

/** `batchSize`: orders approved per pass before looking again. */
export type TAutoApprovalWorkerOptions = TBatchLoopOptions;

export const DEFAULT_AUTO_APPROVAL_OPTIONS: TAutoApprovalWorkerOptions = {
  pollIntervalMs: 600_000,
  batchSize: 50,
};

/**
 * Approves delivered orders their customer left unanswered longer than the Settings allow
 * (decision 135; nothing while the setting is off), by polling the review service on the app's
 * clock. `kick()` runs a pass now and resolves with how many orders it approved; `stop()` waits
 * for the pass in progress.
 */
export function createAutoApprovalWorker(deps: {
  approveOverdueDeliveries: (limit: number) => Promise<number>;
  log: FastifyBaseLogger;
  options: TAutoApprovalWorkerOptions;
}) {
  return createBatchLoop({
    runBatch: deps.approveOverdueDeliveries,
    log: deps.log,
    options: deps.options,
    messages: { count: 'approved', done: 'deliveries approved automatically', failed: 'auto-approval pass failed' },
  });
}

export type TAutoApprovalWorker = ReturnType<typeof createAutoApprovalWorker>;
