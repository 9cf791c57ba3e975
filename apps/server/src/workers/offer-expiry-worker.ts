import type { FastifyBaseLogger } from 'fastify';
import { createPollingLoop } from './polling-loop.ts';

export type TOfferExpiryWorkerOptions = {
  pollIntervalMs: number;
  /** Offers expired per transaction-batch pass before looking again. */
  batchSize: number;
};

export const DEFAULT_OFFER_EXPIRY_OPTIONS: TOfferExpiryWorkerOptions = {
  pollIntervalMs: 30_000,
  batchSize: 50,
};

/**
 * Expires provider offers nobody answered by their deadline (the order returns to the queue and
 * the admins are told), by polling the assignments service on the app's clock. `kick()` runs a
 * pass now and resolves with how many offers it expired; `stop()` waits for the pass in progress.
 */
export function createOfferExpiryWorker(deps: {
  expireDueOffers: (limit: number) => Promise<number>;
  log: FastifyBaseLogger;
  options: TOfferExpiryWorkerOptions;
}) {
  const { log, options } = deps;
  return createPollingLoop(async (isStopping) => {
    let total = 0;
    try {
      for (;;) {
        const expired = await deps.expireDueOffers(options.batchSize);
        total += expired;
        if (expired < options.batchSize || isStopping()) break;
      }
      if (total > 0) log.info({ expired: total }, 'offers expired');
    } catch (error) {
      log.error({ err: error }, 'offer expiry pass failed');
    }
    return total;
  }, options.pollIntervalMs);
}

export type TOfferExpiryWorker = ReturnType<typeof createOfferExpiryWorker>;
