import nodemailer from 'nodemailer';
import type { TOutgoingEmail } from './outbox-repository.ts';

/** Where outbox e-mails go: an SMTP server when SMTP_URL is set; otherwise nowhere (kept and logged). */
export type TMailTransport = {
  readonly delivers: boolean;
  send(email: TOutgoingEmail): Promise<void>;
  close(): void;
};

export function createSmtpTransport(smtpUrl: string, from: string): TMailTransport {
  // One pooled connection reused from mail to mail: a slow server costs its answer time per mail,
  // not a new connection and greeting each time.
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1 }, { from });
  return {
    delivers: true,
    async send(email) {
      await transporter.sendMail({
        to: [...email.to],
        replyTo: email.replyTo ?? undefined,
        subject: email.subject,
        html: email.html,
        text: email.text,
      });
    },
    close: () => transporter.close(),
  };
}

export const keepInOutbox: TMailTransport = {
  delivers: false,
  async send() {},
  close() {},
};
