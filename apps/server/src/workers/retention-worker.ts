import type { TDatabase } from '@spacecapture/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { deleteSessionsExpiredBefore } from '../modules/accounts/accounts-repository.ts';
import { deleteApiKeyUsesBefore } from '../modules/audit/audit-repository.ts';
import { deleteIdempotencyKeysBefore } from '../modules/idempotency/idempotency.ts';
import { deleteReadNotifications } from '../modules/notifications/notifications-repository.ts';
import { deleteSentEmailsBefore } from '../modules/outbox/outbox-repository.ts';
import { deleteFinishedDeliveriesBefore } from '../modules/webhooks/webhooks-repository.ts';
import { createPollingLoop } from './polling-loop.ts';

export type TRetentionWorkerOptions = {
  intervalMs: number;
  /** How long each kind of row is kept; 0 removes it as soon as it is due (sessions: expired). */
  idempotencyKeysMs: number;
  sentEmailsMs: number;
  expiredSessionsMs: number;
  /** After being read (decision 121). */
  readNotificationsMs: number;
  /** Webhook deliveries once finished (succeeded or failed), counted from when they were queued. */
  webhookDeliveriesMs: number;
  /** Audit entries of API-key uses (the rest of the audit log is kept for good). */
  apiKeyUsesMs: number;
  /** Rows per delete statement: small, so a large backlog never holds locks for long. */
  batchSize: number;
};

const DAY = 86_400_000;

export const DEFAULT_RETENTION_OPTIONS: TRetentionWorkerOptions = {
  intervalMs: 60 * 60_000,
  idempotencyKeysMs: 7 * DAY,
  sentEmailsMs: 90 * DAY,
  expiredSessionsMs: 0,
  readNotificationsMs: 30 * DAY,
  webhookDeliveriesMs: 30 * DAY,
  apiKeyUsesMs: 90 * DAY,
  batchSize: 500,
};

export type TPruned = {
  idempotencyKeys: number;
  sentEmails: number;
  expiredSessions: number;
  readNotifications: number;
  webhookDeliveries: number;
  apiKeyUses: number;
};

/**
 * Prunes what the app no longer needs (decision 081): idempotency keys, delivered e-mails,
 * expired sessions, read notifications, finished webhook deliveries and the audit log's API-key
 * uses past their retention, on the app's clock, in batches of `batchSize`. The rest of the audit
 * log is never pruned. Each table's owner module does its delete; this worker only says when
 * (decision 194). `kick()` runs a pass now and resolves with what it removed; `stop()` ends
 * the pass in progress after its current batch.
 */
export function createRetentionWorker(deps: {
  db: TDatabase;
  clock: () => Date;
  log: FastifyBaseLogger;
  options: TRetentionWorkerOptions;
}) {
  const { db, clock, log, options } = deps;

  async function drain(
    remove: (cutoff: Date, limit: number) => Promise<number>,
    keepMs: number,
    isStopping: () => boolean,
  ) {
    const cutoff = new Date(clock().getTime() - keepMs);
    let total = 0;
    for (;;) {
      const removed = await remove(cutoff, options.batchSize);
      total += removed;
      if (removed < options.batchSize || isStopping()) return total;
    }
  }

  async function pass(isStopping: () => boolean): Promise<TPruned> {
    const pruned: TPruned = {
      idempotencyKeys: 0,
      sentEmails: 0,
      expiredSessions: 0,
      readNotifications: 0,
      webhookDeliveries: 0,
      apiKeyUses: 0,
    };
    try {
      pruned.idempotencyKeys = await drain(
        (cutoff, limit) => deleteIdempotencyKeysBefore(db, cutoff, limit),
        options.idempotencyKeysMs,
        isStopping,
      );
      pruned.sentEmails = await drain(
        (cutoff, limit) => deleteSentEmailsBefore(db, cutoff, limit),
        options.sentEmailsMs,
        isStopping,
      );
      pruned.expiredSessions = await drain(
        (cutoff, limit) => deleteSessionsExpiredBefore(db, cutoff, limit),
        options.expiredSessionsMs,
        isStopping,
      );
      pruned.readNotifications = await drain(
        (cutoff, limit) => deleteReadNotifications(db, cutoff, limit),
        options.readNotificationsMs,
        isStopping,
      );
      pruned.webhookDeliveries = await drain(
        (cutoff, limit) => deleteFinishedDeliveriesBefore(db, cutoff, limit),
        options.webhookDeliveriesMs,
        isStopping,
      );
      pruned.apiKeyUses = await drain(
        (cutoff, limit) => deleteApiKeyUsesBefore(db, cutoff, limit),
        options.apiKeyUsesMs,
        isStopping,
      );
      if (Object.values(pruned).some((count) => count > 0)) {
        log.info(pruned, 'retention: old rows removed');
      }
    } catch (error) {
      log.error({ err: error }, 'retention pass failed');
    }
    return pruned;
  }

  return createPollingLoop(pass, options.intervalMs);
}

export type TRetentionWorker = ReturnType<typeof createRetentionWorker>;
