import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TCapturedMail = {
  to: string[];
  subject: string;
  html: string;
  text: string;
  replyTo: string | undefined;
  attachments: { filename: string | undefined; contentType: string; content: Buffer }[];
};

/**
 * A real SMTP server in the test process. It can refuse mail (as a server that is down would),
 * to prove the outbox keeps and retries what it could not deliver; answer each message only after
 * `delayMs` (a slow server); or hold every answer until released (a send caught in flight).
 */
export async function startSmtpCapture(options: { delayMs?: number } = {}) {
  const received: TCapturedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusing = false;
  /** Messages whose data has arrived, answered or not yet. */
  let arriving = 0;
  let holding: { until: Promise<void>; release(): void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Service unavailable'), { responseCode: 421 })));
        return;
      }
      arriving += 1;
      for (const wake of waiters.splice(0)) wake();
      simpleParser(stream)
        .then(async (mail: ParsedMail) => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          await holding?.until;
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            text: mail.text ?? '',
            replyTo: mail.replyTo?.value[0]?.address,
            attachments: mail.attachments.map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              content: file.content,
            })),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  async function waitUntil(done: () => boolean, failure: () => string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(failure());
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(value: boolean) {
      refusing = value;
    },
    /** Until called with false, messages are read but not answered (the sender waits for the reply). */
    hold(value: boolean) {
      if (value && !holding) {
        let release: () => void = () => undefined;
        const until = new Promise<void>((resolve) => {
          release = resolve;
        });
        holding = { until, release };
      } else if (!value && holding) {
        holding.release();
        holding = undefined;
      }
    },
    /** Resolves once at least `count` mails were accepted (or rejects after the timeout). */
    async waitFor(count: number, timeoutMs = 10_000) {
      await waitUntil(
        () => received.length >= count,
        () => `expected ${count} mails, got ${received.length}`,
        timeoutMs,
      );
      return received;
    },
    /** Resolves once the data of at least `count` mails arrived, answered or still held. */
    async waitForArriving(count: number, timeoutMs = 10_000) {
      await waitUntil(
        () => arriving >= count,
        () => `expected ${count} mails arriving, got ${arriving}`,
        timeoutMs,
      );
    },
    close: () => {
      holding?.release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TSmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
