import { schema, type TDatabaseHandle } from '@spacecapture/db/client';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { startSmtpCapture, type TSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { createSmtpTransport, type TMailTransport } from '../modules/outbox/mail-transport.ts';
import { enqueueEmails } from '../modules/outbox/outbox-repository.ts';
import { createOutboxWorker, DEFAULT_OUTBOX_OPTIONS, type TOutboxWorkerOptions } from './outbox-worker.ts';

/**
 * The outbox worker's claims on one database shared by several instances: a claim is held while
 * its e-mails are being sent, an e-mail is sent by whoever holds it and by no one else, and a
 * stopping worker hands back what it has not started.
 */

const silentLog = Fastify({ logger: false }).log;

function emails(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    to: [`person${index}@example.test`],
    subject: `Mail ${index}`,
    html: `<p>Mail ${index}</p>`,
    text: `Mail ${index}`,
  }));
}

async function outboxRows(database: TDatabaseHandle) {
  const rows = await database.db.select().from(schema.outboxEmails);
  return rows.sort((a, b) => a.subject.localeCompare(b.subject, 'en', { numeric: true }));
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(smtp: { delayMs?: number } = {}) {
  const capture = await startSmtpCapture(smtp);
  cleanups.push(() => capture.close());
  const database = await createTestDatabase();
  cleanups.push(() => database.close());
  return { capture, database };
}

function startWorker(
  database: TDatabaseHandle,
  capture: TSmtpCapture,
  options: Partial<TOutboxWorkerOptions>,
  transport: TMailTransport = createSmtpTransport(capture.url, 'SpaceCapture <noreply@spacecapture.test>'),
) {
  const worker = createOutboxWorker({
    db: database.db,
    transport,
    log: silentLog,
    clock: () => new Date(),
    options: { ...DEFAULT_OUTBOX_OPTIONS, ...options },
  });
  cleanups.push(async () => {
    await worker.stop();
    transport.close();
  });
  return worker;
}

describe('two outbox workers on one database', () => {
  it('send each e-mail exactly once when the SMTP server is slower than the hold', async () => {
    // Ten sends of 300 ms take twice a 1.5 s hold: a worker must keep its hold while it sends,
    // and never send what another worker holds.
    const { capture, database } = await setUp({ delayMs: 300 });
    await enqueueEmails(database.db, emails(10));
    const options = { pollIntervalMs: 20, leaseMs: 1_500 };
    const first = startWorker(database, capture, options);
    const second = startWorker(database, capture, options);
    first.start();
    second.start();

    await eventually(async () => {
      expect((await outboxRows(database)).map((row) => row.status)).toEqual(Array(10).fill('sent'));
    }, 20_000);
    // Stopping waits for any send in flight, so a duplicate could not still be on its way.
    await first.stop();
    await second.stop();
    const subjects = capture.received.map((mail) => mail.subject).sort();
    expect(subjects).toEqual(
      emails(10)
        .map((mail) => mail.subject)
        .sort(),
    );
    expect((await outboxRows(database)).map((row) => row.attempts)).toEqual(Array(10).fill(1));
  });
});

describe('an outbox worker that stops', () => {
  it('finishes the send in flight, claims nothing more, and releases the rest of its batch at once', async () => {
    const { capture, database } = await setUp();
    await enqueueEmails(database.db, emails(3));
    // A long hold: released e-mails must be due again at once, not when the hold would expire.
    const worker = startWorker(database, capture, { batchSize: 3, leaseMs: 10 * 60_000 });
    capture.hold(true);
    const pass = worker.kick();
    await capture.waitForArriving(1);

    let stopResolved = false;
    const stopping = worker.stop().then(() => {
      stopResolved = true;
    });
    await eventually(async () => {
      const rows = await outboxRows(database);
      expect(rows.filter((row) => row.attempts === 0 && row.nextAttemptAt.getTime() <= Date.now())).toHaveLength(2);
    });
    // The e-mail in flight is still on its way to the SMTP server, and still held: stopping waits for it.
    expect(stopResolved).toBe(false);
    expect(capture.received).toHaveLength(0);
    const inFlight = (await outboxRows(database)).filter((row) => row.attempts === 1);
    expect(inFlight.map((row) => row.nextAttemptAt.getTime() > Date.now() + 60_000)).toEqual([true]);

    capture.hold(false);
    await stopping;
    await pass;
    const rows = await outboxRows(database);
    expect(capture.received.map((mail) => mail.subject)).toEqual([inFlight[0]?.subject]);
    expect(rows.map((row) => [row.subject, row.status, row.attempts])).toEqual(
      rows.map((row) => (row.id === inFlight[0]?.id ? [row.subject, 'sent', 1] : [row.subject, 'pending', 0])),
    );
    expect(
      rows.filter((row) => row.status === 'pending').every((row) => row.nextAttemptAt.getTime() <= Date.now()),
    ).toBe(true);

    // Once stopped it claims nothing, even when asked to deliver.
    await worker.kick();
    expect((await outboxRows(database)).map((row) => row.attempts)).toEqual(rows.map((row) => row.attempts));
    expect(capture.received).toHaveLength(1);
  });

  it('gives up waiting for a send that does not finish within its stop budget, keeping that e-mail held', async () => {
    const { capture, database } = await setUp();
    await enqueueEmails(database.db, emails(2));
    const worker = startWorker(database, capture, { batchSize: 2, leaseMs: 10 * 60_000, stopTimeoutMs: 200 });
    capture.hold(true);
    void worker.kick();
    await capture.waitForArriving(1);

    await worker.stop();
    const rows = await outboxRows(database);
    // The one in flight may have been delivered: it stays held and is retried after its hold
    // (at least once); the other was released.
    const inFlight = rows.filter((row) => row.attempts === 1);
    const released = rows.filter((row) => row.attempts === 0);
    expect(inFlight.map((row) => row.nextAttemptAt.getTime() > Date.now() + 60_000)).toEqual([true]);
    expect(released.map((row) => row.nextAttemptAt.getTime() <= Date.now())).toEqual([true]);
    expect(rows.map((row) => row.status)).toEqual(['pending', 'pending']);
  });
});
