import { onCommitted } from '@spacecapture/db/after-commit';
import type { TDatabase } from '@spacecapture/db/client';
import { listenToChannel, type TChannelListener } from '@spacecapture/db/listener';
import { WEBHOOK_TEST_EVENT } from '@spacecapture/shared/contracts/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { TUrlPolicy } from '../modules/webhooks/url-policy.ts';
import { sendWebhook, type TWebhookResult } from '../modules/webhooks/webhook-sender.ts';
import {
  claimDueDeliveries,
  markDeliveryAttemptFailed,
  markDeliverySucceeded,
  type TClaimedDelivery,
  WEBHOOK_DELIVERIES_CHANNEL,
  WEBHOOK_DELIVERIES_QUEUED,
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
  /** How long a claim keeps other instances off its delivery: longer than an attempt can take. */
  leaseMs: number;
  /**
   * Deliveries this instance sends at once, each to a different endpoint. An organisation has at
   * most 20 endpoints, so one organisation's receivers that never answer leave slots to the others.
   */
  maxConcurrentSends: number;
};

export const DEFAULT_WEBHOOK_OPTIONS: TWebhookWorkerOptions = {
  pollIntervalMs: 2_000,
  baseBackoffMs: 30_000,
  maxBackoffMs: 6 * 3_600_000,
  maxAttempts: 15,
  timeoutMs: 10_000,
  leaseMs: 120_000,
  maxConcurrentSends: 64,
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
 *
 * Fair per endpoint (decision 183): each endpoint has at most one delivery in flight, sends run
 * side by side, and a slot freed by an answer (or a timeout) is refilled at once, so a receiver
 * that never answers delays only its own deliveries. New deliveries are sent without waiting for
 * the poll: order moves announce theirs on commit (WEBHOOK_DELIVERIES_CHANNEL), test sends and
 * replays call `deliverSoon()`; the poll remains for retries that fall due and missed notices.
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

  /** Sends in flight, by endpoint. */
  const sending = new Map<string, Promise<void>>();
  let attemptsEnded = 0;
  let stopping = false;
  let claiming: Promise<void> | undefined;
  let claimAgain = false;

  function startSending(token: string, delivery: TClaimedDelivery) {
    const sent = deliverOne(token, delivery)
      .catch((error: unknown) => log.error({ err: error, deliveryId: delivery.id }, 'webhook attempt failed'))
      .finally(() => {
        sending.delete(delivery.endpointId);
        attemptsEnded++;
        // The endpoint's next delivery, or another endpoint's in the freed slot.
        if (!stopping) void fillSlots();
      });
    sending.set(delivery.endpointId, sent);
  }

  /**
   * Claims what is due into the free slots and starts sending it, without waiting for the answers.
   * One claim at a time: a call while one runs makes it claim once more when it ends.
   */
  function fillSlots(): Promise<void> {
    if (claiming) {
      claimAgain = true;
      return claiming;
    }
    claiming = (async () => {
      do {
        claimAgain = false;
        const free = options.maxConcurrentSends - sending.size;
        if (free <= 0 || stopping) return;
        try {
          const claim = await claimDueDeliveries(db, clock(), free, options.leaseMs);
          for (const delivery of claim.deliveries) startSending(claim.token, delivery);
        } catch (error) {
          log.error({ err: error }, 'webhook claim failed');
          return;
        }
      } while (claimAgain);
    })().finally(() => {
      claiming = undefined;
    });
    return claiming;
  }

  const loop = createPollingLoop(fillSlots, options.pollIntervalMs);
  let listener: TChannelListener | undefined;
  // A burst of commits (or of notices from other instances) is served by one claim.
  const deliverSoon = loop.soon;
  onCommitted(db, WEBHOOK_DELIVERIES_QUEUED, deliverSoon);

  return {
    start() {
      stopping = false;
      loop.start();
      listener = listenToChannel(db, WEBHOOK_DELIVERIES_CHANNEL, deliverSoon, {
        // Notices sent while the listening connection was down are gone: look for their deliveries.
        onResumed: deliverSoon,
        log,
      });
    },
    /**
     * Sends what is due now and waits until nothing due is left unsent and no send is in flight;
     * resolves with how many attempts ended meanwhile.
     */
    async kick() {
      const before = attemptsEnded;
      for (;;) {
        await fillSlots();
        if (sending.size === 0) break;
        await Promise.race(sending.values());
      }
      return attemptsEnded - before;
    },
    /** After a commit that queued deliveries: a pass shortly (once started; tests kick by hand). */
    deliverSoon,
    async stop() {
      stopping = true;
      await listener?.close();
      listener = undefined;
      await loop.stop();
      await claiming;
      await Promise.all(sending.values());
    },
  };
}

export type TWebhookWorker = ReturnType<typeof createWebhookWorker>;
