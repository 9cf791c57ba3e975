import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@spacecapture/db/client';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  invite,
  linkIn,
  signUp,
  type TClient,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { captureLog } from '../../../test/log-capture.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';

/** Without SMTP_URL every e-mail is written to DATA_DIR/mail as a .eml file (decision 090). */

/** The default PUBLIC_URL, the origin the test clients sign in from. */
const PUBLIC_URL = 'http://localhost:3000';
const EML_NAME = /^\d{8}T\d{6}\.\d{3}Z-[0-9a-f-]{36}\.eml$/;

const { entries: logLines, stream: logStream } = captureLog<{ msg?: string; file?: string; outboxId?: string }>();

let t: TTestApp;
let admin: TClient;
let mailDir: string;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin({
    outbox: { pollIntervalMs: 50, baseBackoffMs: 50, maxBackoffMs: 200 },
    logger: { level: 'info', stream: logStream },
  }));
  mailDir = path.join(t.dataDir, 'mail');
});
afterAll(async () => {
  await t?.close();
});

async function mailFiles() {
  return (await readdir(mailDir)).sort();
}

async function parsedMails() {
  return Promise.all(
    (await mailFiles()).map(async (name) => ({
      name,
      mail: await simpleParser(await readFile(path.join(mailDir, name))),
    })),
  );
}

describe('e-mails without SMTP_URL', () => {
  it('writes an invitation as a readable .eml file whose link signs the invited person up', async () => {
    const email = uniqueEmail('invited');
    const invitation = await invite(admin, { email, role: 'customer_admin', organization: { name: 'Eml Estates' } });
    await t.app.outbox.kick();

    const files = await parsedMails();
    const found = files.filter(({ mail }) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
    expect(found).toHaveLength(1);
    const { name, mail } = found[0]!;
    expect(name).toMatch(EML_NAME);
    expect(mail.subject).toContain("You're invited");
    expect(mail.from?.text).toContain('no-reply@spacecapture.example');
    expect(mail.messageId).toMatch(/@localhost>$/);
    expect(mail.html).toContain(`${PUBLIC_URL}/auth?`);
    const link = linkIn({ text: mail.text ?? '' });
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.searchParams.get('email')).toBe(email);

    // The raw file is a standard message: CRLF line ends, headers then a blank line.
    const raw = await readFile(path.join(mailDir, name), 'utf8');
    expect(raw).toMatch(/^[\s\S]*?\r\n\r\n/);
    expect(raw.replaceAll('\r\n', '')).not.toContain('\n');
    expect((await stat(path.join(mailDir, name))).mode & 0o077).toBe(0);

    // The log names the file; the outbox keeps the e-mail as not delivered.
    const row = (await t.db.select().from(schema.outboxEmails)).find((r) => r.to.includes(email))!;
    expect(row.status).toBe('kept');
    expect(logLines).toContainEqual(
      expect.objectContaining({ outboxId: row.id, file: path.join(mailDir, name), msg: expect.stringContaining(name) }),
    );

    // The link in the file is the real one: the invited person signs up with it.
    const client = createClient(t.app, { remoteAddress: uniqueAddress() });
    const signedUp = await signUp(client, {
      email,
      accountType: 'user',
      invitationToken: link.searchParams.get('invite') ?? '',
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    expect((await client.me()).status).toBe(200);
    const accepted = await t.db.select().from(schema.invitations).where(eq(schema.invitations.id, invitation.id));
    expect(accepted[0]?.status).toBe('accepted');
    // The account's next e-mail (a password reset) goes to a file of its own, named later in time.
    const reset = await client.post('/api/auth/request-password-reset', { email, redirectTo: '/auth?tab=reset' });
    expect(reset.statusCode, reset.body).toBe(200);
    await t.app.backgroundTasks.idle();
    // The outbox's own poll may hold the e-mail when the kick comes (the kick then leaves it to
    // that pass): wait until the file is there.
    const later = await vi.waitFor(
      async () => {
        await t.app.outbox.kick();
        const written = (await parsedMails()).find(({ mail }) => mail.subject?.includes('Reset your password'));
        expect(written).toBeDefined();
        return written!;
      },
      { timeout: 15_000, interval: 200 },
    );
    const names = await mailFiles();
    expect(names.indexOf(later.name)).toBeGreaterThan(names.indexOf(name));
  });

  it('writes an e-mail once even when it is replayed, and leaves no temporary file', async () => {
    const email = uniqueEmail('replayed');
    await invite(admin, { email, role: 'provider_admin', organization: { name: 'Replay Scans' } });
    await t.app.outbox.kick();
    const before = await mailFiles();
    const row = (await t.db.select().from(schema.outboxEmails)).find((r) => r.to.includes(email))!;
    const file = path.join(mailDir, before.find((name) => name.endsWith(`-${row.id}.eml`))!);
    const written = await readFile(file);
    const writtenAt = (await stat(file)).mtimeMs;

    // As after a hold lost mid-send: the same e-mail is due again.
    await t.db
      .update(schema.outboxEmails)
      .set({ status: 'pending', claimToken: null, nextAttemptAt: new Date(0) })
      .where(eq(schema.outboxEmails.id, row.id));
    await t.app.outbox.kick();

    expect(await mailFiles()).toEqual(before);
    expect(await readFile(file)).toEqual(written);
    expect((await stat(file)).mtimeMs).toBe(writtenAt);
    expect(before.every((name) => EML_NAME.test(name))).toBe(true);
    const [again] = await t.db.select().from(schema.outboxEmails).where(eq(schema.outboxEmails.id, row.id));
    expect(again?.status).toBe('kept');
  });
});
