import { afterCommit, onCommitted } from '@spacecapture/db/after-commit';
import { schema, type TDatabaseHandle } from '@spacecapture/db/client';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { createSmtpTransport } from '../modules/outbox/mail-transport.ts';
import { EMAILS_QUEUED, enqueueEmails } from '../modules/outbox/outbox-repository.ts';
import { createOutboxWorker, DEFAULT_OUTBOX_OPTIONS } from './outbox-worker.ts';

/**
 * After-commit signals (decision 193): what a transaction queued is told to its worker once the
 * transaction commits, never before and never after a rollback, with no callback passed by hand.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database() {
  const handle = await createTestDatabase();
  cleanups.push(() => handle.close());
  return handle;
}

const mail = (subject: string) => [{ to: ['someone@example.test'], subject, html: `<p>${subject}</p>`, text: subject }];

/** Counts what the outbox's signal told on `handle`. */
function countSignals(handle: TDatabaseHandle) {
  const heard = { count: 0 };
  cleanups.push(onCommitted(handle.db, EMAILS_QUEUED, () => heard.count++));
  return heard;
}

class Refused extends Error {}

describe('after-commit signals', () => {
  it('tell a transaction’s queued e-mails once, after its commit', async () => {
    const handle = await database();
    const heard = countSignals(handle);
    await handle.db.transaction(async (tx) => {
      await enqueueEmails(tx, mail('one'));
      await enqueueEmails(tx, mail('two'));
      expect(heard.count).toBe(0);
    });
    expect(heard.count).toBe(1);
  });

  it('tell nothing when the transaction rolls back', async () => {
    const handle = await database();
    const heard = countSignals(handle);
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueEmails(tx, mail('rolled back'));
        throw new Refused();
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(heard.count).toBe(0);
    expect(await handle.db.select().from(schema.outboxEmails)).toEqual([]);
  });

  it('tell a savepoint’s e-mails at the outer commit, and at once outside a transaction', async () => {
    const handle = await database();
    const heard = countSignals(handle);
    await handle.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        await enqueueEmails(savepoint, mail('inside a savepoint'));
      });
      expect(heard.count).toBe(0);
    });
    expect(heard.count).toBe(1);
    await enqueueEmails(handle.db, mail('on its own'));
    expect(heard.count).toBe(2);
  });

  it('refuse an executor that is not an opened database or one of its transactions', () => {
    expect(() => afterCommit({}, EMAILS_QUEUED)).toThrow(/neither an opened database/);
  });

  it('have a running outbox send a committed e-mail at once, not at its next poll', async () => {
    const handle = await database();
    const capture = await startSmtpCapture();
    cleanups.push(() => capture.close());
    const transport = createSmtpTransport(capture.url, 'SpaceCapture <noreply@spacecapture.test>');
    const worker = createOutboxWorker({
      db: handle.db,
      transport,
      log: Fastify({ logger: false }).log,
      clock: () => new Date(),
      // Its own poll would come an hour later: only the signal can send within the test.
      options: { ...DEFAULT_OUTBOX_OPTIONS, pollIntervalMs: 3_600_000 },
    });
    cleanups.push(async () => {
      await worker.stop();
      transport.close();
    });
    worker.start();
    await handle.db.transaction((tx) => enqueueEmails(tx, mail('sent on commit')));
    await eventually(async () =>
      expect(capture.received.map((received) => received.subject)).toEqual(['sent on commit']),
    );
  });
});
