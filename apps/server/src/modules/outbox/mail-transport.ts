import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { TOutboxRow } from './outbox-repository.ts';

/** What the outbox worker needs of an e-mail to send it: the row as queued, with its id and time. */
export type TQueuedEmail = Pick<TOutboxRow, 'id' | 'to' | 'replyTo' | 'subject' | 'html' | 'text' | 'createdAt'> & {
  attachments?: TOutboxRow['attachments'];
};

/**
 * Where outbox e-mails go: an SMTP server when SMTP_URL is set (`delivers`: the e-mail is sent);
 * otherwise a folder the operator reads (`DATA_DIR/mail`, one `.eml` file per e-mail: kept, not
 * delivered to anyone). `send` resolves with the file it wrote, if any.
 */
export type TMailTransport = {
  readonly delivers: boolean;
  send(email: TQueuedEmail): Promise<{ file?: string }>;
  close(): void;
};

function messageOf(email: TQueuedEmail) {
  return {
    to: [...email.to],
    replyTo: email.replyTo ?? undefined,
    subject: email.subject,
    html: email.html,
    text: email.text,
    attachments: (email.attachments ?? []).map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.contentBase64, 'base64'),
    })),
  };
}

export function createSmtpTransport(smtpUrl: string, from: string): TMailTransport {
  // One pooled connection reused from mail to mail: a slow server costs its answer time per mail,
  // not a new connection and greeting each time.
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 1 }, { from });
  return {
    delivers: true,
    async send(email) {
      await transporter.sendMail(messageOf(email));
      return {};
    },
    close: () => transporter.close(),
  };
}

/**
 * The file name of an e-mail: its queue time then its outbox id, so names sort by time, never
 * collide, and the same e-mail always gets the same name (`20261125T113939.123Z-<id>.eml`).
 */
export function emlFileName(email: Pick<TQueuedEmail, 'id' | 'createdAt'>) {
  return `${email.createdAt.toISOString().replaceAll('-', '').replaceAll(':', '')}-${email.id}.eml`;
}

async function exists(file: string) {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Without SMTP_URL (decision 090): each e-mail becomes an RFC 5322 message (CRLF line ends, the
 * headers and MIME parts an SMTP server would get) in `dir`, written to a temporary file, synced,
 * then renamed, so a reader never sees part of one. Its Message-ID and Date come from the outbox
 * row, so an e-mail replayed after a lost hold finds its file already there and is written once.
 */
export function createFileTransport(options: { dir: string; from: string; publicUrl: string }): TMailTransport {
  const transporter = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows' },
    { from: options.from },
  );
  const domain = new URL(options.publicUrl).hostname || 'localhost';
  let ready: Promise<unknown> | undefined;
  return {
    delivers: false,
    async send(email) {
      ready ??= mkdir(options.dir, { recursive: true }).catch((error) => {
        ready = undefined;
        throw error;
      });
      await ready;
      const file = path.join(options.dir, emlFileName(email));
      if (await exists(file)) return { file };
      const info = await transporter.sendMail({
        ...messageOf(email),
        messageId: `<${email.id}@${domain}>`,
        date: email.createdAt,
      });
      const temporary = path.join(options.dir, `.${randomUUID()}.tmp`);
      // Readable by the operator only: invitation and reset links are secrets.
      const handle = await open(temporary, 'wx', 0o600);
      try {
        try {
          await handle.writeFile(info.message as Buffer);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      return { file };
    },
    close: () => transporter.close(),
  };
}
