import type { TDatabase } from '@spacecapture/db/client';
import { WEBHOOK_TEST_EVENT } from '@spacecapture/shared/contracts/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { TUrlPolicy } from '../modules/webhooks/url-policy.ts';
import { sendWebhook, type TWebhookResult } from '../modules/webhooks/webhook-sender.ts';
import {
  claimDueDeliveries,
  markDeliveryAttemptFailed,
  markDeliverySucceeded,
  type TClaimedDelivery,
} from '../modules/webhooks/webhooks-repository.ts';
import { createPollingLoop } from './polling-loop.ts';

export type TWebhookWorkerOptions = {
  pollIntervalMs: number;
  /** First retry delay; doubles each attempt up to maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Attempts before a delivery is marked failed (with the defaults, about two and a half days). */
  maxAttempts: number;
  /** The longest a receiver may take to answer. */
  timeoutMs: number;
  /** How long a claim keeps other instances off its deliveries: longer than a batch can take. */
  leaseMs: number;
  batchSize: number;
};

export const DEFAULT_WEBHOOK_OPTIONS: TWebhookWorkerOptions = {
  pollIntervalMs: 2_000,
  baseBackoffMs: 30_000,
  maxBackoffMs: 6 * 3_600_000,
  maxAttempts: 15,
  timeoutMs: 10_000,
  leaseMs: 120_000,
  batchSize: 10,
};

/** Delay before the attempt after `attempt` (1-based): 30 s, 1 min, 2 min, … up to 6 h. */
export function webhookRetryDelayMs(
  attempt: number,
  options: Pick<TWebhookWorkerOptions, 'baseBackoffMs' | 'maxBackoffMs'>,
) {
  return Math.min(options.baseBackoffMs * 2 ** Math.max(0, attempt - 1), options.maxBackoffMs);
}

/** The body a receiver gets: the delivery's id, its event, when it was queued, and the event's data. */
export function webhookBody(delivery: Pick<TClaimedDelivery, 'id' | 'event' | 'createdAt' | 'payload'>) {
  return JSON.stringify({
    id: delivery.id,
    event: delivery.event,
    createdAt: delivery.createdAt.toISOString(),
    data: delivery.payload,
  });
}

/**
 * Sends queued webhook deliveries (decision 117): claims due ones as the e-mail outbox does, posts
 * each signed outside any transaction, and records the answer; a failed attempt is retried with
 * doubling back-off until `maxAttempts`, then the delivery is failed (a replay starts it again).
 * `kick()` runs a pass now; `deliverSoon()` after a commit that queued deliveries.
 */
export function createWebhookWorker(deps: {
  db: TDatabase;
  log: FastifyBaseLogger;
  clock: () => Date;
  policy: TUrlPolicy;
  options: TWebhookWorkerOptions;
}) {
  const { db, log, clock, policy, options } = deps;

  async function deliverOne(token: string, delivery: TClaimedDelivery) {
    const result: TWebhookResult =
      delivery.disabled && delivery.event !== WEBHOOK_TEST_EVENT
        ? { ok: false, statusCode: null, error: 'The endpoint is disabled.' }
        : await sendWebhook(
            {
              deliveryId: delivery.id,
              event: delivery.event,
              url: delivery.url,
              secret: delivery.secret,
              body: webhookBody(delivery),
              now: clock(),
            },
            { policy, timeoutMs: options.timeoutMs },
          );
    if (result.ok) {
      await markDeliverySucceeded(db, token, delivery.id, result.statusCode, clock());
      log.info({ deliveryId: delivery.id, event: delivery.event, status: result.statusCode }, 'webhook delivered');
      return;
    }
    const retryAt =
      delivery.attempts >= options.maxAttempts || delivery.disabled
        ? null
        : new Date(clock().getTime() + webhookRetryDelayMs(delivery.attempts, options));
    await markDeliveryAttemptFailed(db, token, delivery.id, { ...result, retryAt });
    log.warn(
      { deliveryId: delivery.id, attempt: delivery.attempts, retryAt, status: result.statusCode, err: result.error },
      'webhook delivery failed',
    );
  }

  async function pass(isStopping: () => boolean) {
    let delivered = 0;
    try {
      while (!isStopping()) {
        const claim = await claimDueDeliveries(db, clock(), options.batchSize, options.leaseMs);
        // Sent side by side: one slow receiver does not hold up the others of the batch.
        await Promise.all(claim.deliveries.map((delivery) => deliverOne(claim.token, delivery)));
        delivered += claim.deliveries.length;
        if (claim.deliveries.length < options.batchSize) break;
      }
    } catch (error) {
      log.error({ err: error }, 'webhook pass failed');
    }
    return delivered;
  }

  const loop = createPollingLoop(pass, options.pollIntervalMs);
  let soon: NodeJS.Timeout | undefined;
  let started = false;
  return {
    start() {
      started = true;
      loop.start();
    },
    /** Sends what is due now; resolves with how many deliveries were attempted. */
    kick: loop.kick,
    /** After a commit that queued deliveries: a pass shortly (once started; tests kick by hand). */
    deliverSoon() {
      if (!started || soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        void loop.kick();
      }, 100);
      soon.unref();
    },
    async stop() {
      started = false;
      if (soon) clearTimeout(soon);
      soon = undefined;
      await loop.stop();
    },
  };
}

export type TWebhookWorker = ReturnType<typeof createWebhookWorker>;
