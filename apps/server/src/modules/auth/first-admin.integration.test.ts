import { schema } from '@spacecapture/db/client';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, errorOf, STRONG_PASSWORD, uniqueAddress, uniqueEmail } from '../../../test/accounts.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { StartupError } from '../../lib/startup-error.ts';
import { ensureFirstAdmin } from './first-admin.ts';

async function adminRows(t: TTestApp) {
  return t.db
    .select()
    .from(schema.userRoles)
    .where(inArray(schema.userRoles.role, ['master_admin', 'admin']));
}

/** Starts the app's first-admin step as server.ts does and returns what it printed. */
async function runEnsureFirstAdmin(t: TTestApp, env: { adminEmail?: string; adminPassword?: string } = {}) {
  const printed: string[] = [];
  const info = vi.spyOn(console, 'info').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
  });
  try {
    await ensureFirstAdmin({
      db: t.db,
      signUp: t.app.services.signUp,
      publicUrl: t.app.config.publicUrl,
      adminEmail: env.adminEmail,
      adminPassword: env.adminPassword,
      log: t.app.log,
    });
  } finally {
    info.mockRestore();
  }
  return printed.join('\n');
}

function setupTokenIn(printed: string) {
  const match = printed.match(/https?:\/\/\S+/);
  expect(match, printed).not.toBeNull();
  const link = new URL(match![0]);
  expect(link.pathname).toBe('/auth');
  expect(link.searchParams.get('intent')).toBe('admin');
  return link.searchParams.get('setup')!;
}

describe('createFirstAdmin (ADMIN_EMAIL and ADMIN_PASSWORD)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates one master admin, however often and however concurrently it runs', async () => {
    const emails = Array.from({ length: 5 }, (_, i) => uniqueEmail(`candidate-${i}`));
    const results = await Promise.all(
      emails.map((email) =>
        t.app.services.signUp.createFirstAdmin({ email, password: STRONG_PASSWORD, emailVerified: true }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const again = await t.app.services.signUp.createFirstAdmin({
      email: emails[0]!,
      password: STRONG_PASSWORD,
      emailVerified: true,
    });
    expect(again).toBe(false);
    const admins = await adminRows(t);
    expect(admins).toHaveLength(1);
    expect(admins[0]!.role).toBe('master_admin');
    expect(await t.db.select().from(schema.user)).toHaveLength(1);

    // ensureFirstAdmin with the variables set is the same idempotent step; it prints nothing.
    expect(await runEnsureFirstAdmin(t, { adminEmail: uniqueEmail('fourth'), adminPassword: STRONG_PASSWORD })).toBe(
      '',
    );
    expect(await adminRows(t)).toHaveLength(1);

    const winner = emails[results.indexOf(true)]!;
    const device = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await device.signIn(winner, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await device.me()).body).toMatchObject({ role: 'master_admin', portal: 'admin', organization: null });
  });
});

describe('setup link printed at start', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  function setupAdmin(body: { token: string; email: string; password?: string }) {
    const visitor = createClient(t.app, { remoteAddress: uniqueAddress() });
    return visitor.post('/api/auth/setup-admin', { password: STRONG_PASSWORD, ...body });
  }

  it('refuses a wrong token (403) and creates nothing', async () => {
    setupTokenIn(await runEnsureFirstAdmin(t));
    const response = await setupAdmin({ token: 'not-the-printed-token', email: uniqueEmail('intruder') });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('forbidden');
    expect(await adminRows(t)).toHaveLength(0);
  });

  it('refuses a weak password, creating nothing', async () => {
    const token = setupTokenIn(await runEnsureFirstAdmin(t));
    const response = await setupAdmin({ token, email: uniqueEmail('weak'), password: 'password123' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('weak_password');
    expect(await adminRows(t)).toHaveLength(0);
    expect(await t.db.select().from(schema.user)).toHaveLength(0);
  });

  it('creates the master admin once with the printed token, even when used twice at the same time', async () => {
    const printed = await runEnsureFirstAdmin(t);
    expect(printed).toContain('No admin account exists yet.');
    const token = setupTokenIn(printed);
    // Only the newest printed link counts (a restart prints a new one).
    const newest = setupTokenIn(await runEnsureFirstAdmin(t));
    expect(newest).not.toBe(token);
    const stale = await setupAdmin({ token, email: uniqueEmail('stale') });
    expect(stale.statusCode).toBe(403);

    const emails = [uniqueEmail('racer-a'), uniqueEmail('racer-b')];
    const responses = await Promise.all(emails.map((email) => setupAdmin({ token: newest, email })));
    const statuses = responses.map((response) => response.statusCode);
    expect(
      statuses.filter((status) => status === 201),
      responses.map((r) => r.body).join('\n'),
    ).toHaveLength(1);
    expect(statuses.every((status) => status === 201 || status === 403 || status === 409)).toBe(true);
    const admins = await adminRows(t);
    expect(admins).toHaveLength(1);
    expect(admins[0]!.role).toBe('master_admin');

    // The link is used up.
    const reused = await setupAdmin({ token: newest, email: uniqueEmail('late') });
    expect(reused.statusCode).toBe(403);
    expect(await adminRows(t)).toHaveLength(1);

    // The new admin signs in (no confirmation e-mail needed) and a later start prints nothing.
    const winner = emails[statuses.indexOf(201)]!;
    const device = createClient(t.app, { remoteAddress: uniqueAddress() });
    expect((await device.signIn(winner, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await device.me()).body.role).toBe('master_admin');
    expect(await runEnsureFirstAdmin(t)).toBe('');
  });
});

describe('a weak ADMIN_PASSWORD', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A logger that keeps the messages it was given, by level. */
  function capturingLog() {
    const lines: Array<{ level: string; message: string }> = [];
    const at =
      (level: string) =>
      (...args: unknown[]) => {
        lines.push({ level, message: String(args.find((arg) => typeof arg === 'string') ?? '') });
      };
    const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
    return { lines, log: log as unknown as FastifyBaseLogger };
  }

  function start(adminPassword: string, log: FastifyBaseLogger) {
    return ensureFirstAdmin({
      db: t.db,
      signUp: t.app.services.signUp,
      publicUrl: t.app.config.publicUrl,
      adminEmail: uniqueEmail('configured'),
      adminPassword,
      log,
    });
  }

  it('stops the start with one line naming the rule when no admin exists', async () => {
    const { log, lines } = capturingLog();
    const failure = await start('password123', log).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StartupError);
    const message = (failure as StartupError).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('ADMIN_PASSWORD');
    expect(message).toContain('This is one of the most common passwords.');
    expect(lines).toEqual([]);
    expect(await adminRows(t)).toHaveLength(0);
  });

  it('is ignored with one warning when an admin exists', async () => {
    await t.app.services.signUp.createFirstAdmin({
      email: uniqueEmail('existing'),
      password: STRONG_PASSWORD,
      emailVerified: true,
    });
    const { log, lines } = capturingLog();
    await start('short', log);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe('warn');
    expect(lines[0]!.message).toContain('ADMIN_PASSWORD');
    expect(lines[0]!.message).not.toContain('\n');
    expect(await adminRows(t)).toHaveLength(1);
  });
});
