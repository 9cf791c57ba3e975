import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { startE2eServer } from './e2e-server.ts';

export type TFreshInstall = Awaited<ReturnType<typeof startFreshInstall>>;

/**
 * A second server for one test, started as `npm start` starts on its embedded defaults: a fresh
 * data folder, no SMTP_URL (e-mails become .eml files in DATA_DIR/mail), the first master admin
 * from ADMIN_EMAIL and ADMIN_PASSWORD. Its e-mails are read from that folder, parsed.
 */
export async function startFreshInstall(admin: { email: string; password: string }) {
  const { app, database, dataDir, url } = await startE2eServer({ prefix: 'spacecapture-fresh-', admin });
  const mailDir = path.join(dataDir, 'mail');

  return {
    url,
    db: database.db,
    mailDir,
    /** Every e-mail written so far, oldest first (file names sort by time). */
    async mails(): Promise<Array<{ file: string; mail: ParsedMail }>> {
      let names: string[];
      try {
        names = (await readdir(mailDir)).filter((name) => name.endsWith('.eml')).sort();
      } catch {
        return [];
      }
      return Promise.all(
        names.map(async (name) => ({ file: name, mail: await simpleParser(await readFile(path.join(mailDir, name))) })),
      );
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The addresses a parsed e-mail was sent to. */
export function recipientsOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((address) => address.value.map((value) => value.address ?? ''));
}

/** Waits until an e-mail to `to` whose subject contains `subject` is in DATA_DIR/mail; that e-mail. */
export async function mailTo(install: TFreshInstall, to: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await install.mails()).find(
          ({ mail }) => recipientsOf(mail).includes(to) && (mail.subject ?? '').includes(subject),
        )?.mail;
        return found !== undefined;
      },
      { message: `an e-mail "${subject}" to ${to} in DATA_DIR/mail`, timeout: 30_000 },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** The first link in the text of the e-mail to `to` whose subject contains `subject`, once it is written. */
export async function linkOfMail(install: TFreshInstall, to: string, subject: string) {
  const link = (await mailTo(install, to, subject)).text?.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the e-mail "${subject}" to ${to}`);
  return link;
}
