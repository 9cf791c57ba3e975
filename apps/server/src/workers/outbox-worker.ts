import type { TDatabase } from '@spacecapture/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { TMailTransport } from '../modules/outbox/mail-transport.ts';
import {
  claimDueEmails,
  markEmailFailedAttempt,
  markEmailSent,
  markEmailsKept,
} from '../modules/outbox/outbox-repository.ts';

export type TOutboxWorkerOptions = {
  pollIntervalMs: number;
  /** First retry delay; doubles each attempt up to maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Attempts before an e-mail is marked failed (with the defaults, about a day of retries). */
  maxAttempts: number;
  leaseMs: number;
  batchSize: number;
};

export const DEFAULT_OUTBOX_OPTIONS: TOutboxWorkerOptions = {
  pollIntervalMs: 2_000,
  baseBackoffMs: 5_000,
  maxBackoffMs: 15 * 60_000,
  maxAttempts: 100,
  leaseMs: 60_000,
  batchSize: 20,
};

export function retryDelayMs(attempt: number, options: Pick<TOutboxWorkerOptions, 'baseBackoffMs' | 'maxBackoffMs'>) {
  return Math.min(options.baseBackoffMs * 2 ** Math.max(0, attempt - 1), options.maxBackoffMs);
}

/**
 * Delivers the outbox: polls for due e-mails, sends them one by one outside any transaction and
 * records the result. `kick()` after a commit sends at once; `stop()` finishes the current pass.
 */
export function createOutboxWorker(deps: {
  db: TDatabase;
  transport: TMailTransport;
  log: FastifyBaseLogger;
  clock: () => Date;
  options: TOutboxWorkerOptions;
}) {
  const { db, transport, log, clock, options } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function deliverBatch(dueBy: Date): Promise<number> {
    const batch = await claimDueEmails(db, dueBy, options.batchSize, options.leaseMs);
    if (!transport.delivers) {
      // No mail server: the whole batch is logged and kept, readable later, in one statement.
      for (const email of batch) {
        log.info({ outboxId: email.id, to: email.to, subject: email.subject }, 'e-mail kept in outbox (no SMTP_URL)');
      }
      if (batch.length > 0)
        await markEmailsKept(
          db,
          batch.map((email) => email.id),
        );
      return batch.length;
    }
    for (const email of batch) {
      try {
        await transport.send(email);
        await markEmailSent(db, email.id, clock());
        log.info({ outboxId: email.id, subject: email.subject }, 'e-mail sent');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retryAt =
          email.attempts >= options.maxAttempts
            ? null
            : new Date(clock().getTime() + retryDelayMs(email.attempts, options));
        await markEmailFailedAttempt(db, email.id, message, retryAt);
        log.warn({ outboxId: email.id, attempt: email.attempts, retryAt, err: message }, 'e-mail delivery failed');
      }
    }
    return batch.length;
  }

  /**
   * One delivery pass. The last pass on shutdown (`drainDueBy`) takes batch after batch until every
   * e-mail due at that instant had its attempt; one that fails then is retried after the restart.
   */
  async function pass(drainDueBy?: Date) {
    do {
      again = false;
      try {
        while ((await deliverBatch(drainDueBy ?? clock())) === options.batchSize && (drainDueBy || !stopped)) {}
      } catch (error) {
        log.error({ err: error }, 'outbox pass failed');
      }
    } while (again && !stopped);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, options.pollIntervalMs);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      schedule();
    },
    /** Delivers what is due now; resolves when the pass ends. */
    kick: run,
    /** Stops polling after a last pass, so e-mails committed by finished requests still go out. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await pass(clock());
    },
  };
}

export type TOutboxWorker = ReturnType<typeof createOutboxWorker>;
