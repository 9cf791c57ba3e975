import { onCommitted } from '@spacecapture/db/after-commit';
import type { TDatabase } from '@spacecapture/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { TMailTransport } from '../modules/outbox/mail-transport.ts';
import {
  claimDueEmails,
  EMAILS_QUEUED,
  extendClaim,
  markEmailFailedAttempt,
  markEmailSent,
  markEmailsKept,
  readDueEmails,
  releaseClaim,
  type TOutboxRow,
} from '../modules/outbox/outbox-repository.ts';
import { createPollingLoop } from './polling-loop.ts';

export type TOutboxWorkerOptions = {
  pollIntervalMs: number;
  /** First retry delay; doubles each attempt up to maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Attempts before an e-mail is marked failed (with the defaults, about a day of retries). */
  maxAttempts: number;
  /** How long a claim keeps other instances off its e-mails; renewed while they are being sent. */
  leaseMs: number;
  /** E-mails claimed at once: few, so a slow SMTP server leaves the rest to other instances. */
  batchSize: number;
  /** On stop, the longest wait for a send in flight (stay well inside the shutdown grace period). */
  stopTimeoutMs: number;
};

export const DEFAULT_OUTBOX_OPTIONS: TOutboxWorkerOptions = {
  pollIntervalMs: 2_000,
  baseBackoffMs: 5_000,
  maxBackoffMs: 15 * 60_000,
  maxAttempts: 100,
  leaseMs: 60_000,
  batchSize: 5,
  stopTimeoutMs: 10_000,
};

/** E-mails kept at once when there is no mail server: nothing is sent, so a batch costs one statement. */
const KEEP_BATCH_SIZE = 100;

/**
 * After a commit that queued e-mails, the pass waits this long, so the e-mails of requests that
 * commit meanwhile go in the same pass: under load a pass per request would cost the database
 * more commits than the requests themselves. A tenth of a second is not noticed in an inbox.
 */
const DELIVER_SOON_DELAY_MS = 100;

export function retryDelayMs(attempt: number, options: Pick<TOutboxWorkerOptions, 'baseBackoffMs' | 'maxBackoffMs'>) {
  return Math.min(options.baseBackoffMs * 2 ** Math.max(0, attempt - 1), options.maxBackoffMs);
}

/** The batch being sent: its claim token, the e-mails not started yet, and the one being sent. */
type TBatch = { token: string; unstarted: Set<string>; inFlight: string | undefined };

/**
 * Delivers the outbox: polls for due e-mails, claims a few, sends them one by one outside any
 * transaction and records the result (decisions 006 and 070). While it sends, it renews its hold;
 * before each send it confirms the hold is still its own, so an e-mail whose hold passed to
 * another instance is left to that instance. `deliverSoon()` after a commit sends within a tenth
 * of a second, with whatever else was queued meanwhile; `kick()` sends at once. `stop()`
 * claims nothing more, hands back the e-mails of the batch not yet started, and waits for the send
 * in flight (up to `stopTimeoutMs`).
 */
export function createOutboxWorker(deps: {
  db: TDatabase;
  transport: TMailTransport;
  log: FastifyBaseLogger;
  clock: () => Date;
  options: TOutboxWorkerOptions;
}) {
  const { db, transport, log, clock, options } = deps;
  let current: TBatch | undefined;

  const holdUntil = () => new Date(clock().getTime() + options.leaseMs);

  /** Hands the e-mails not yet started back at once, due for whichever instance polls next. */
  async function releaseUnstarted(batch: TBatch) {
    const ids = [...batch.unstarted];
    batch.unstarted.clear();
    if (ids.length === 0) return;
    await releaseClaim(db, batch.token, ids, clock());
    log.info({ count: ids.length }, 'outbox: released unsent e-mails for the next pass');
  }

  async function renewHold(batch: TBatch) {
    const ids = [...batch.unstarted, ...(batch.inFlight ? [batch.inFlight] : [])];
    try {
      const held = await extendClaim(db, batch.token, ids, holdUntil());
      // Lost holds (taken over after a stall) belong to the instance that took them now.
      for (const id of batch.unstarted) if (!held.has(id)) batch.unstarted.delete(id);
    } catch (error) {
      log.warn({ err: error }, 'outbox: could not renew the hold on claimed e-mails');
    }
  }

  async function deliverOne(batch: TBatch, email: TOutboxRow) {
    const held = await extendClaim(db, batch.token, [email.id], holdUntil());
    if (!held.has(email.id)) {
      log.warn({ outboxId: email.id }, 'e-mail hold lost before sending; left to the instance that took it');
      return;
    }
    batch.inFlight = email.id;
    try {
      await transport.send(email);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        email.attempts >= options.maxAttempts
          ? null
          : new Date(clock().getTime() + retryDelayMs(email.attempts, options));
      await markEmailFailedAttempt(db, batch.token, email.id, message, retryAt);
      log.warn({ outboxId: email.id, attempt: email.attempts, retryAt, err: message }, 'e-mail delivery failed');
      return;
    } finally {
      batch.inFlight = undefined;
    }
    if (await markEmailSent(db, batch.token, email.id, clock())) {
      log.info({ outboxId: email.id, subject: email.subject }, 'e-mail sent');
    } else {
      // Only when the hold could not be renewed for a whole lease (a stalled process).
      log.warn({ outboxId: email.id }, 'e-mail sent after its hold was lost; it may be sent once more');
    }
  }

  /**
   * No mail server: each due e-mail is written where the operator reads it, then the batch is
   * marked kept in one statement. No hold is taken: the file of an e-mail has one name and is
   * written once, so another instance, or this one after a crash between the two steps, writes
   * nothing new. A write that fails (a full disk) ends the batch; the rest waits for the next pass.
   */
  async function keepBatch(isStopping: () => boolean): Promise<boolean> {
    const due = await readDueEmails(db, clock(), KEEP_BATCH_SIZE);
    const written: string[] = [];
    for (const email of due) {
      if (isStopping()) break;
      try {
        const { file } = await transport.send(email);
        log.info(
          { outboxId: email.id, to: email.to, subject: email.subject, file },
          `e-mail written to ${file} (no SMTP_URL)`,
        );
        written.push(email.id);
      } catch (error) {
        log.warn(
          { outboxId: email.id, err: error instanceof Error ? error.message : String(error) },
          'e-mail could not be written; retried on the next pass',
        );
        break;
      }
    }
    await markEmailsKept(db, written);
    return written.length === KEEP_BATCH_SIZE;
  }

  /** One batch; true when it was full, so more e-mails may be due. */
  async function deliverBatch(isStopping: () => boolean): Promise<boolean> {
    if (!transport.delivers) return keepBatch(isStopping);
    const claim = await claimDueEmails(db, clock(), options.batchSize, options.leaseMs);
    const ids = claim.emails.map((email) => email.id);
    if (ids.length === 0) return false;
    const batch: TBatch = { token: claim.token, unstarted: new Set(ids), inFlight: undefined };
    current = batch;
    const heartbeat = setInterval(() => void renewHold(batch), Math.max(10, Math.floor(options.leaseMs / 3)));
    heartbeat.unref();
    try {
      for (const email of claim.emails) {
        if (isStopping()) break;
        // Gone from the set: handed back by stop() or taken over by another instance.
        if (!batch.unstarted.delete(email.id)) continue;
        await deliverOne(batch, email);
      }
    } finally {
      clearInterval(heartbeat);
      current = undefined;
      await releaseUnstarted(batch);
    }
    return ids.length === options.batchSize;
  }

  async function pass(isStopping: () => boolean) {
    try {
      while (!isStopping() && (await deliverBatch(isStopping))) {}
    } catch (error) {
      log.error({ err: error }, 'outbox pass failed');
    }
  }

  // The first pass one interval after start, as every instance polls; commits call deliverSoon.
  const loop = createPollingLoop(pass, options.pollIntervalMs, {
    passOnStart: false,
    soonDelayMs: DELIVER_SOON_DELAY_MS,
  });

  // Every commit that queued e-mails asks for a pass soon (heard only while the worker runs).
  onCommitted(db, EMAILS_QUEUED, loop.soon);

  return {
    start: loop.start,
    /** Delivers what is due now, with a pass that starts after this call; resolves when it ends. */
    kick: loop.catchUp,
    /** After a commit that queued e-mails: delivers them in a pass shortly, with any queued meanwhile. */
    deliverSoon: loop.soon,
    /**
     * Stops claiming. E-mails claimed but not started go back at once; the send in flight may
     * finish (or is left held after `stopTimeoutMs`, to be retried after its hold: at least once).
     * Everything else stays in the outbox for the next instance or the restart.
     */
    async stop() {
      const passEnded = loop.stop({ waitMs: options.stopTimeoutMs });
      if (current) await releaseUnstarted(current).catch((error) => log.warn({ err: error }, 'outbox release failed'));
      if (!(await passEnded))
        log.warn('outbox: stopped without waiting longer for the e-mail in flight; it is retried after its hold');
    },
  };
}

export type TOutboxWorker = ReturnType<typeof createOutboxWorker>;
