import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TCapturedMail = { to: string[]; subject: string; html: string; text: string; replyTo: string | undefined };

/**
 * A real SMTP server in the test process. It can refuse mail (as a server that is down would),
 * to prove the outbox keeps and retries what it could not deliver.
 */
export async function startSmtpCapture() {
  const received: TCapturedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusing = false;
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
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            text: mail.text ?? '',
            replyTo: mail.replyTo?.value[0]?.address,
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(value: boolean) {
      refusing = value;
    },
    /** Resolves once at least `count` mails arrived (or rejects after the timeout). */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TSmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
