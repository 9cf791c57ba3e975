import type { FastifyBaseLogger } from 'fastify';
import { createPollingLoop } from './polling-loop.ts';

export type TMessageDigestWorkerOptions = { intervalMs: number };

/** Every 15 minutes (decision 120). */
export const DEFAULT_MESSAGE_DIGEST_OPTIONS: TMessageDigestWorkerOptions = { intervalMs: 15 * 60_000 };

/**
 * Sends the coalesced message digests on a schedule. `kick()` runs a pass now and resolves with how
 * many e-mails it queued; `stop()` waits for the pass in progress.
 */
export function createMessageDigestWorker(deps: {
  sendDigests: () => Promise<number>;
  log: FastifyBaseLogger;
  options: TMessageDigestWorkerOptions;
}) {
  return createPollingLoop(async () => {
    try {
      const queued = await deps.sendDigests();
      if (queued > 0) {
        deps.log.info({ queued }, 'message digests queued');
      }
      return queued;
    } catch (error) {
      deps.log.error({ err: error }, 'message digest pass failed');
      return 0;
    }
  }, deps.options.intervalMs);
}

export type TMessageDigestWorker = ReturnType<typeof createMessageDigestWorker>;
