import type { FastifyBaseLogger } from 'fastify';
import { createPollingLoop } from './polling-loop.ts';

export type TAutoApprovalWorkerOptions = {
  pollIntervalMs: number;
  /** Orders approved per pass before looking again. */
  batchSize: number;
};

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
  const { log, options } = deps;
  return createPollingLoop(async (isStopping) => {
    let total = 0;
    try {
      for (;;) {
        const approved = await deps.approveOverdueDeliveries(options.batchSize);
        total += approved;
        if (approved < options.batchSize || isStopping()) break;
      }
      if (total > 0) log.info({ approved: total }, 'deliveries approved automatically');
    } catch (error) {
      log.error({ err: error }, 'auto-approval pass failed');
    }
    return total;
  }, options.pollIntervalMs);
}

export type TAutoApprovalWorker = ReturnType<typeof createAutoApprovalWorker>;
