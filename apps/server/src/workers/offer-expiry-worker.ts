import type { FastifyBaseLogger } from 'fastify';
import { createBatchLoop, type TBatchLoopOptions } from './polling-loop.ts';

/** `batchSize`: offers expired per transaction-batch pass before looking again. */
export type TOfferExpiryWorkerOptions = TBatchLoopOptions;

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
  return createBatchLoop({
    runBatch: deps.expireDueOffers,
    log: deps.log,
    options: deps.options,
    messages: { count: 'expired', done: 'offers expired', failed: 'offer expiry pass failed' },
  });
}

export type TOfferExpiryWorker = ReturnType<typeof createOfferExpiryWorker>;
