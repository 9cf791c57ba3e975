import type { TDatabase } from '@spacecapture/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { deleteSessionsExpiredBefore } from '../modules/accounts/accounts-repository.ts';
import { deleteApiKeyUsesBefore } from '../modules/audit/audit-repository.ts';
import { deleteIdempotencyKeysBefore } from '../modules/idempotency/idempotency.ts';
import { deleteReadNotifications } from '../modules/notifications/notifications-repository.ts';
import { deleteSentEmailsBefore } from '../modules/outbox/outbox-repository.ts';
import { deleteShareVisitsBefore } from '../modules/share-links/share-links-repository.ts';
import { deleteFinishedDeliveriesBefore } from '../modules/webhooks/webhooks-repository.ts';
import { createPollingLoop, inBatches } from './polling-loop.ts';

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
  /** Share-link visitor hashes and their salt, past their day (decision 222): 0 keeps only today's. */
  shareVisitorsMs: number;
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
  shareVisitorsMs: 0,
  batchSize: 500,
};

export type TPruned = {
  idempotencyKeys: number;
  sentEmails: number;
  expiredSessions: number;
  readNotifications: number;
  webhookDeliveries: number;
  apiKeyUses: number;
  shareVisitors: number;
};

/** Each kind of row the worker prunes, with the owner's delete of those older than a cutoff. */
const PRUNERS: readonly [keyof TPruned, (db: TDatabase, cutoff: Date, limit: number) => Promise<number>][] = [
  ['idempotencyKeys', deleteIdempotencyKeysBefore],
  ['sentEmails', deleteSentEmailsBefore],
  ['expiredSessions', deleteSessionsExpiredBefore],
  ['readNotifications', deleteReadNotifications],
  ['webhookDeliveries', deleteFinishedDeliveriesBefore],
  ['apiKeyUses', deleteApiKeyUsesBefore],
  // Whole days: every hash of a day before the cutoff's (UTC) day, with that day's salt.
  ['shareVisitors', (db, cutoff) => deleteShareVisitsBefore(db, cutoff.toISOString().slice(0, 10))],
];

/**
 * Prunes what the app no longer needs (decision 081): idempotency keys, delivered e-mails,
 * expired sessions, read notifications, finished webhook deliveries, the audit log's API-key
 * uses and share-link visitor hashes past their retention, on the app's clock, in batches of `batchSize`. The rest of the audit
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

  async function pass(isStopping: () => boolean): Promise<TPruned> {
    const pruned: TPruned = {
      idempotencyKeys: 0,
      sentEmails: 0,
      expiredSessions: 0,
      readNotifications: 0,
      webhookDeliveries: 0,
      apiKeyUses: 0,
      shareVisitors: 0,
    };
    try {
      // In this order, each kind by its owner module's delete.
      for (const [kind, remove] of PRUNERS) {
        const cutoff = new Date(clock().getTime() - options[`${kind}Ms`]);
        pruned[kind] = await inBatches((limit) => remove(db, cutoff, limit), options.batchSize, isStopping);
      }
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
