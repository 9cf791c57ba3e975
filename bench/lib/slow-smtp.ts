import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A slow mail server for the benches: it reads each message, then answers it only after a random
 * delay between `minDelayMs` and `maxDelayMs`, so the sender waits that long for each mail. It
 * records every message it accepted (a duplicate shows up as a second entry).
 */
export async function startSlowSmtp(options: { minDelayMs: number; maxDelayMs: number }) {
  const received: Array<{ to: string[]; replyTo: string | undefined; subject: string }> = [];
  let arrived = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      arrived += 1;
      simpleParser(stream)
        .then(async (mail) => {
          const delay = options.minDelayMs + Math.random() * (options.maxDelayMs - options.minDelayMs);
          await new Promise((resolve) => setTimeout(resolve, delay));
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            replyTo: mail.replyTo?.value[0]?.address,
            subject: mail.subject ?? '',
          });
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
    /** Messages whose data arrived, answered or not yet. */
    arrived: () => arrived,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
