import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { schema } from '@spacecapture/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { movableClock } from '../../test/movable-clock.ts';
import { captureRequestInput, multipartBody, providerApplicationInput } from '../../test/public-forms.ts';
import { startSmtpCapture, type TSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { enqueueEmails } from '../modules/outbox/outbox-repository.ts';

const COMPANY_EMAIL = 'team@spacecapture.test';
const FAST_OUTBOX = { baseBackoffMs: 50, maxBackoffMs: 200, pollIntervalMs: 50 };

async function submitCaptureRequest(app: TTestApp, overrides: Record<string, unknown> = {}) {
  const input = captureRequestInput(overrides);
  const response = await app.app.inject({ method: 'POST', url: '/api/public/capture-requests', payload: input });
  expect(response.statusCode).toBe(201);
  return input;
}

/** The outbox rows of one submitter (to them, or replying to them), oldest recipient order fixed. */
async function outboxRowsOf(app: TTestApp, submitter?: string) {
  const rows = await app.db.select().from(schema.outboxEmails);
  return rows
    .filter((row) => !submitter || row.to.includes(submitter) || row.replyTo === submitter)
    .sort((a, b) => a.to.join().localeCompare(b.to.join()));
}

function mailsTo(capture: TSmtpCapture, address: string) {
  return capture.received.filter((mail) => mail.to.includes(address) || mail.replyTo === address);
}

/** Closes the app (which flushes the outbox) but keeps its database open to look at afterwards. */
async function closeAppOnly(app: TTestApp) {
  await app.app.close();
  return {
    rows: await outboxRowsOf(app),
    async finish() {
      await app.database.close();
      await rm(app.dataDir, { recursive: true, force: true });
    },
  };
}

describe('outbox delivery over SMTP', () => {
  let capture: TSmtpCapture;
  let t: TTestApp;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    t = await createTestApp({ env: { SMTP_URL: capture.url, COMPANY_EMAIL }, outbox: FAST_OUTBOX });
  });
  afterAll(async () => {
    await t?.close();
    await capture?.close();
  });

  it('delivers the two e-mails of a capture request with their recipients, subject and reply-to', async () => {
    const input = await submitCaptureRequest(t, { name: 'Ada <b>Lovelace</b>' });
    await t.app.outbox.kick();

    await eventually(async () => expect(mailsTo(capture, input.email)).toHaveLength(2));
    const mails = mailsTo(capture, input.email);
    const byRecipient = Object.fromEntries(mails.map((mail) => [mail.to.join(','), mail]));
    expect(Object.keys(byRecipient).sort()).toEqual([input.email, COMPANY_EMAIL].sort());
    expect(byRecipient[COMPANY_EMAIL]).toMatchObject({ subject: 'New Capture Request', replyTo: input.email });
    expect(byRecipient[input.email]).toMatchObject({ subject: 'New Capture Request' });
    expect(byRecipient[input.email]!.replyTo).toBeUndefined();
    for (const mail of mails) {
      expect(mail.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
      expect(mail.text).toContain('Ada <b>Lovelace</b>');
    }

    const rows = await outboxRowsOf(t, input.email);
    expect(rows.map((row) => ({ status: row.status, attempts: row.attempts, lastError: row.lastError }))).toEqual([
      { status: 'sent', attempts: 1, lastError: null },
      { status: 'sent', attempts: 1, lastError: null },
    ]);
    expect(rows.every((row) => row.sentAt instanceof Date)).toBe(true);
  });

  it('delivers an attachment (an invoice PDF) with its name, type and exact bytes', async () => {
    const to = `billing-${randomUUID()}@example.test`;
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)]);
    await t.db.transaction((tx) =>
      enqueueEmails(tx, [
        {
          to: [to],
          subject: 'Invoice INV-000001',
          html: '<p>Attached.</p>',
          text: 'Attached.',
          attachments: [
            { filename: 'INV-000001.pdf', contentType: 'application/pdf', contentBase64: bytes.toString('base64') },
          ],
        },
      ]),
    );
    await t.app.outbox.kick();
    await eventually(async () => expect(mailsTo(capture, to)).toHaveLength(1));
    const [mail] = mailsTo(capture, to);
    expect(mail!.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['INV-000001.pdf', 'application/pdf'],
    ]);
    expect(mail!.attachments[0]!.content.equals(bytes)).toBe(true);
  });

  it('delivers the two e-mails of a provider application', async () => {
    const input = providerApplicationInput();
    const body = await multipartBody(input);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/provider-applications',
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode).toBe(201);
    await t.app.outbox.kick();

    await eventually(async () => expect(mailsTo(capture, input.email)).toHaveLength(2));
    expect(
      mailsTo(capture, input.email)
        .map((mail) => [mail.to, mail.subject, mail.replyTo ?? null])
        .sort(),
    ).toEqual(
      [
        [[COMPANY_EMAIL], 'New Provider Application', input.email],
        [[input.email], 'New Provider Application', null],
      ].sort(),
    );
  });

  it('retries on its own while the workers run and the SMTP server is down, losing nothing, sending nothing twice', async () => {
    capture.refuse(true);
    t.app.outbox.start();
    try {
      const first = await submitCaptureRequest(t);
      const second = await submitCaptureRequest(t);
      const rowsOfBoth = async () => [
        ...(await outboxRowsOf(t, first.email)),
        ...(await outboxRowsOf(t, second.email)),
      ];

      await eventually(async () => {
        const rows = await rowsOfBoth();
        expect(rows).toHaveLength(4);
        for (const row of rows) {
          expect(row.status).toBe('pending');
          expect(row.attempts).toBeGreaterThanOrEqual(2);
          expect(row.lastError).toBeTruthy();
        }
      });
      expect([...mailsTo(capture, first.email), ...mailsTo(capture, second.email)]).toHaveLength(0);

      capture.refuse(false);
      await eventually(async () => {
        expect((await rowsOfBoth()).map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
      });
      // A few more polls go by without sending anything again.
      const attempts = (await rowsOfBoth()).map((row) => row.attempts).join();
      await new Promise((resolve) => setTimeout(resolve, 4 * FAST_OUTBOX.pollIntervalMs));
      expect((await rowsOfBoth()).map((row) => row.attempts).join()).toBe(attempts);
      expect(mailsTo(capture, first.email)).toHaveLength(2);
      expect(mailsTo(capture, second.email)).toHaveLength(2);
    } finally {
      capture.refuse(false);
      await t.app.outbox.stop();
    }
  });

  // Closes the shared app: keep it last in this group.
  it('on app.close(), leaves every e-mail either sent once or pending and due at once, none held', async () => {
    const first = await submitCaptureRequest(t);
    const second = await submitCaptureRequest(t);
    // The submissions kicked the worker: close catches it at whatever point it has reached.
    await t.app.close();
    const rows = [...(await outboxRowsOf(t, first.email)), ...(await outboxRowsOf(t, second.email))];
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const received = capture.received.filter(
        (mail) => mail.to.join() === row.to.join() && (mail.replyTo ?? null) === row.replyTo,
      );
      if (row.status === 'sent') expect([row.attempts, received.length]).toEqual([1, 1]);
      else expect([row.status, row.attempts, received.length]).toEqual(['pending', 0, 0]);
      if (row.status === 'pending') expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('outbox when the SMTP server refuses', () => {
  let capture: TSmtpCapture;
  let t: TTestApp;
  const clock = movableClock();
  beforeAll(async () => {
    capture = await startSmtpCapture();
    t = await createTestApp({
      env: { SMTP_URL: capture.url },
      outbox: { ...FAST_OUTBOX, baseBackoffMs: 60_000, maxBackoffMs: 60_000, maxAttempts: 3 },
      clock: clock.now,
    });
  });
  afterAll(async () => {
    await t?.close();
    await capture?.close();
  });

  it('keeps refused e-mails pending with their error, and delivers each exactly once after the back-off', async () => {
    capture.refuse(true);
    const input = await submitCaptureRequest(t);
    await t.app.outbox.kick();

    let rows = await outboxRowsOf(t, input.email);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/421|Service unavailable/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime() + 50_000);
    }
    expect(mailsTo(capture, input.email)).toHaveLength(0);

    // Before the back-off has passed, another pass leaves them alone.
    capture.refuse(false);
    await t.app.outbox.kick();
    rows = await outboxRowsOf(t, input.email);
    expect(rows.map((row) => row.attempts)).toEqual([1, 1]);
    expect(mailsTo(capture, input.email)).toHaveLength(0);

    // Once it has passed, they go out; later passes send nothing again.
    clock.advance(61_000);
    await t.app.outbox.kick();
    await eventually(async () => expect(mailsTo(capture, input.email)).toHaveLength(2));
    clock.advance(10 * 60_000);
    await t.app.outbox.kick();
    expect(mailsTo(capture, input.email)).toHaveLength(2);
    rows = await outboxRowsOf(t, input.email);
    expect(rows.map((row) => ({ status: row.status, attempts: row.attempts, lastError: row.lastError }))).toEqual([
      { status: 'sent', attempts: 2, lastError: null },
      { status: 'sent', attempts: 2, lastError: null },
    ]);
  });

  it('marks an e-mail failed after the last attempt, keeping it with its error', async () => {
    capture.refuse(true);
    const input = await submitCaptureRequest(t);
    for (let attempt = 0; attempt < 4; attempt++) {
      await t.app.outbox.kick();
      clock.advance(61_000);
    }

    const rows = await outboxRowsOf(t, input.email);
    expect(rows.map((row) => ({ status: row.status, attempts: row.attempts }))).toEqual([
      { status: 'failed', attempts: 3 },
      { status: 'failed', attempts: 3 },
    ]);
    expect(rows.every((row) => row.lastError && row.html.length > 0)).toBe(true);
    expect(mailsTo(capture, input.email)).toHaveLength(0);
  });
});

describe('outbox without SMTP_URL', () => {
  it('keeps the e-mails readable in the outbox, marked kept and not sent', async () => {
    const t = await createTestApp({ env: { COMPANY_EMAIL }, outbox: FAST_OUTBOX });
    try {
      const input = await submitCaptureRequest(t, { location: 'Lisbon' });
      await t.app.outbox.kick();

      const rows = await outboxRowsOf(t);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.status).toBe('kept');
        expect(row.sentAt).toBeNull();
        expect(row.subject).toBe('New Capture Request');
        expect(row.html).toContain('Lisbon');
        expect(row.text).toContain('Lisbon');
      }
      expect(rows.map((row) => row.to[0]).sort()).toEqual([input.email, COMPANY_EMAIL].sort());
    } finally {
      await t.close();
    }
  });
});

describe('outbox on shutdown', () => {
  let capture: TSmtpCapture;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(async () => {
    await capture?.close();
  });

  it('claims nothing on close: e-mails that became due stay pending for the next start', async () => {
    capture.refuse(true);
    const clock = movableClock();
    const app = await createTestApp({
      env: { SMTP_URL: capture.url },
      outbox: { ...FAST_OUTBOX, baseBackoffMs: 60_000, maxBackoffMs: 60_000, batchSize: 1 },
      clock: clock.now,
    });
    const input = await submitCaptureRequest(app);
    await app.app.outbox.kick();
    expect((await outboxRowsOf(app)).map((row) => row.status)).toEqual(['pending', 'pending']);

    // The e-mails become due while nothing polls (workers are off); closing leaves them to the restart.
    capture.refuse(false);
    clock.advance(61_000);
    const closed = await closeAppOnly(app);
    try {
      expect(mailsTo(capture, input.email)).toHaveLength(0);
      expect(closed.rows.map((row) => ({ status: row.status, attempts: row.attempts }))).toEqual([
        { status: 'pending', attempts: 1 },
        { status: 'pending', attempts: 1 },
      ]);
      expect(closed.rows.every((row) => row.nextAttemptAt.getTime() <= clock.now().getTime())).toBe(true);
    } finally {
      await closed.finish();
    }
  });
});
