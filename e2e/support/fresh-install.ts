import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { type ParsedMail, simpleParser } from 'mailparser';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { ensureFirstAdmin } from '../../apps/server/src/modules/auth/first-admin.ts';

/** A free local port, so the app's public URL (used in e-mailed links) is known before it listens. */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export type TFreshInstall = Awaited<ReturnType<typeof startFreshInstall>>;

/**
 * A second server for one test, started as `npm start` starts on its embedded defaults: a fresh
 * data folder, no SMTP_URL (e-mails become .eml files in DATA_DIR/mail), the first master admin
 * from ADMIN_EMAIL and ADMIN_PASSWORD. Its e-mails are read from that folder, parsed.
 */
export async function startFreshInstall(admin: { email: string; password: string }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-fresh-'));
  const database = await openEmbeddedDatabase(dataDir);
  await database.migrate();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: url,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // As in the global setup: this server shares two loaded cores with the browsers.
    SHED_AFTER_BUSY_MS: '30000',
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
  });
  const app = await buildApp({ config, database, outbox: { pollIntervalMs: 200 } });
  await ensureFirstAdmin({
    db: database.db,
    signUp: app.services.signUp,
    publicUrl: config.publicUrl,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    log: app.log,
  });
  await app.listen({ port, host: '127.0.0.1' });
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
