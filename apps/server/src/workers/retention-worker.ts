import type { TDatabase } from '@spacecapture/db/client';
import type { FastifyBaseLogger } from 'fastify';
import {
  deleteIdempotencyKeysBefore,
  deleteSentEmailsBefore,
  deleteSessionsExpiredBefore,
} from '../modules/retention/retention-repository.ts';

export type TRetentionWorkerOptions = {
  intervalMs: number;
  /** How long each kind of row is kept; 0 removes it as soon as it is due (sessions: expired). */
  idempotencyKeysMs: number;
  sentEmailsMs: number;
  expiredSessionsMs: number;
  /** Rows per delete statement: small, so a large backlog never holds locks for long. */
  batchSize: number;
};

const DAY = 86_400_000;

export const DEFAULT_RETENTION_OPTIONS: TRetentionWorkerOptions = {
  intervalMs: 60 * 60_000,
  idempotencyKeysMs: 7 * DAY,
  sentEmailsMs: 90 * DAY,
  expiredSessionsMs: 0,
  batchSize: 500,
};

export type TPruned = { idempotencyKeys: number; sentEmails: number; expiredSessions: number };

/**
 * Prunes what the app no longer needs (decision 081): idempotency keys, delivered e-mails and
 * expired sessions past their retention, on the app's clock, in batches of `batchSize`. The audit
 * log is never pruned. `kick()` runs a pass now and resolves with what it removed; `stop()` ends
 * the pass in progress after its current batch.
 */
export function createRetentionWorker(deps: {
  db: TDatabase;
  clock: () => Date;
  log: FastifyBaseLogger;
  options: TRetentionWorkerOptions;
}) {
  const { db, clock, log, options } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<TPruned> | undefined;
  let stopped = false;

  async function drain(remove: (cutoff: Date, limit: number) => Promise<number>, keepMs: number) {
    const cutoff = new Date(clock().getTime() - keepMs);
    let total = 0;
    for (;;) {
      const removed = await remove(cutoff, options.batchSize);
      total += removed;
      if (removed < options.batchSize || stopped) return total;
    }
  }

  async function pass(): Promise<TPruned> {
    const pruned: TPruned = { idempotencyKeys: 0, sentEmails: 0, expiredSessions: 0 };
    try {
      pruned.idempotencyKeys = await drain(
        (cutoff, limit) => deleteIdempotencyKeysBefore(db, cutoff, limit),
        options.idempotencyKeysMs,
      );
      pruned.sentEmails = await drain(
        (cutoff, limit) => deleteSentEmailsBefore(db, cutoff, limit),
        options.sentEmailsMs,
      );
      pruned.expiredSessions = await drain(
        (cutoff, limit) => deleteSessionsExpiredBefore(db, cutoff, limit),
        options.expiredSessionsMs,
      );
      if (pruned.idempotencyKeys + pruned.sentEmails + pruned.expiredSessions > 0) {
        log.info(pruned, 'retention: old rows removed');
      }
    } catch (error) {
      log.error({ err: error }, 'retention pass failed');
    }
    return pruned;
  }

  function run(): Promise<TPruned> {
    if (!running) {
      running = pass().finally(() => {
        running = undefined;
      });
    }
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, options.intervalMs);
    timer.unref();
  }

  return {
    /** A pass now (a restarted instance catches up), then one every `intervalMs`. */
    start() {
      stopped = false;
      void run().finally(schedule);
    },
    kick: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type TRetentionWorker = ReturnType<typeof createRetentionWorker>;
