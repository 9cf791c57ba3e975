import { randomUUID } from 'node:crypto';
import { schema } from '@spacecapture/db/client';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  errorOf,
  invitationTokenFor,
  invite,
  type TClient,
  uniqueAddress,
  uniqueEmail,
} from '../../../test/accounts.ts';
import { walkPages } from '../../../test/admin-console.ts';
import { createTestAppWithAdmin, type TTestApp } from '../../../test/test-app.ts';
import { submitLead } from '../../../test/workflow.ts';

let t: TTestApp;
let admin: TClient;
let invitedEmail: string;

async function outboxIds(status?: string) {
  const rows = await t.db
    .select({ id: schema.outboxEmails.id })
    .from(schema.outboxEmails)
    .where(status ? eq(schema.outboxEmails.status, status) : undefined)
    .orderBy(desc(schema.outboxEmails.createdAt), desc(schema.outboxEmails.id));
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  invitedEmail = uniqueEmail('invited');
  await invite(admin, { email: invitedEmail, role: 'customer_admin', organization: { name: 'Outbox Customer' } });
  await submitLead(t.app);
  // The platform's own e-mails leave `pending` once delivered (kept, without SMTP); deliver them now
  // so that a status filter reads the same rows through the API and from the table.
  await t.app.outbox.kick();
  const base = { html: '<p>Hello</p>', text: 'Hello', replyTo: null };
  await t.db.insert(schema.outboxEmails).values([
    {
      ...base,
      to: ['sent@example.com'],
      subject: 'Quote sent: Warehouse',
      status: 'sent',
      attempts: 1,
      sentAt: new Date(),
    },
    { ...base, to: ['kept@example.com'], subject: 'Kept without SMTP', status: 'kept', attempts: 1 },
    {
      ...base,
      to: ['bounce@example.com'],
      subject: 'Gave up',
      status: 'failed',
      attempts: 8,
      lastError: '550 mailbox unavailable',
    },
    {
      ...base,
      to: ['retry@example.com', 'second@example.com'],
      subject: 'Retrying now',
      status: 'pending',
      attempts: 2,
      lastError: 'connect ECONNREFUSED',
      // Its next attempt is later, as after a failed one (the worker would otherwise take it now).
      nextAttemptAt: new Date(Date.now() + 60 * 60_000),
    },
    {
      to: ['reset@example.com'],
      subject: 'Reset your password',
      html: '<a href="http://localhost:3000/api/auth/reset-password/abcDEF123?callbackURL=%2Fauth">Reset</a>',
      text: 'Choose a new password: http://localhost:3000/api/auth/reset-password/abcDEF123?callbackURL=%2Fauth',
      status: 'kept',
    },
    {
      to: ['verify@example.com'],
      subject: 'Confirm your e-mail address',
      html: '<a href="http://localhost:3000/api/auth/verify-email?token=eyJhbGciOi.secret&amp;callbackURL=%2Fauth">Go</a>',
      text: 'Confirm e-mail: http://localhost:3000/api/auth/verify-email?token=eyJhbGciOi.secret&callbackURL=%2Fauth',
      status: 'kept',
    },
  ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/outbox', () => {
  it('lists every e-mail newest first with status, recipients, attempts and last error', async () => {
    const response = await admin.get('/api/admin/outbox');
    expect(response.statusCode, response.body).toBe(200);
    const { items, nextCursor } = response.json();
    expect(items.map((item: { id: string }) => item.id)).toEqual(await outboxIds());
    expect(nextCursor).toBeNull();
    const retrying = items.find((item: { subject: string }) => item.subject === 'Retrying now');
    expect(retrying).toMatchObject({
      to: ['retry@example.com', 'second@example.com'],
      status: 'pending',
      retrying: true,
      attempts: 2,
      lastError: 'connect ECONNREFUSED',
      nextAttemptAt: expect.any(String),
      sentAt: null,
    });
    expect(items.find((item: { subject: string }) => item.subject === 'Gave up')).toMatchObject({
      status: 'failed',
      retrying: false,
      lastError: '550 mailbox unavailable',
      nextAttemptAt: null,
    });
    expect(items.find((item: { status: string }) => item.status === 'sent').sentAt).toEqual(expect.any(String));
    expect(items[0]).not.toHaveProperty('html');
  });

  it('filters by status and searches subject and recipients, across pages', async () => {
    const kept = await walkPages(admin, '/api/admin/outbox?status=kept&limit=1');
    expect(kept.ids).toEqual(await outboxIds('kept'));
    // The two written above, and the platform's own e-mails kept for want of a mail server.
    expect(kept.ids.length).toBeGreaterThanOrEqual(3);
    const several = await walkPages(admin, '/api/admin/outbox?status=failed,pending&limit=2');
    expect(new Set(several.ids)).toEqual(new Set([...(await outboxIds('failed')), ...(await outboxIds('pending'))]));
    const all = await walkPages(admin, '/api/admin/outbox?limit=3');
    expect(all.ids).toEqual(await outboxIds());
    expect((await admin.get('/api/admin/outbox?q=SECOND%40example')).json().items).toHaveLength(1);
    expect((await admin.get('/api/admin/outbox?q=warehouse')).json().items).toHaveLength(1);
    expect((await admin.get('/api/admin/outbox?status=bounced')).statusCode).toBe(400);
  });
});

describe('GET /api/admin/outbox/:id', () => {
  async function emailWithSubject(subject: string) {
    const [row] = await t.db.select().from(schema.outboxEmails).where(eq(schema.outboxEmails.subject, subject));
    const response = await admin.get(`/api/admin/outbox/${row!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('shows an e-mail with its HTML and text for a preview', async () => {
    const email = await emailWithSubject('Gave up');
    expect(email).toMatchObject({ html: '<p>Hello</p>', text: 'Hello', redacted: false, replyTo: null, attempts: 8 });
  });

  it('redacts the secret of an invitation link and keeps the rest of the link', async () => {
    const token = await invitationTokenFor(t.db, invitedEmail);
    const email = await emailWithSubject("You're invited to SpaceCapture");
    expect(email.redacted).toBe(true);
    expect(email.html).not.toContain(token);
    expect(email.text).not.toContain(token);
    expect(email.text).toContain('invite=REDACTED');
    expect(email.text).toContain('tab=signup');
    expect(email.html).toContain('invite=REDACTED');
  });

  it('redacts password-reset and confirmation tokens', async () => {
    const reset = await emailWithSubject('Reset your password');
    expect(reset.html).toContain('/reset-password/REDACTED?callbackURL=%2Fauth');
    expect(reset.text).not.toContain('abcDEF123');
    const verify = await emailWithSubject('Confirm your e-mail address');
    expect(verify.html).toContain('token=REDACTED&amp;callbackURL');
    expect(verify.text).toContain('token=REDACTED&callbackURL');
    expect(`${verify.html}${verify.text}`).not.toContain('secret');
  });

  it('is a 404 for an unknown e-mail and 401 without a session', async () => {
    const missing = await admin.get(`/api/admin/outbox/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('E-mail not found.');
    const anonymous = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await anonymous.get('/api/admin/outbox')).statusCode).toBe(401);
    expect((await anonymous.get(`/api/admin/outbox/${randomUUID()}`)).statusCode).toBe(401);
  });
});
