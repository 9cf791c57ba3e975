import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPostgres, type TDatabaseHandle } from '@spacecapture/db/client';
import { openEmbeddedDatabase } from '@spacecapture/db/embedded';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { captureRequestBody, emailOf, idempotencyKey } from './lib/capture-request.ts';
import { redact } from './lib/databases.ts';
import { goal, round, runBench, type TFigure } from './lib/report.ts';
import { startSlowSmtp } from './lib/slow-smtp.ts';
import { startSourceServer } from './lib/source-server.ts';

/**
 * Faults that must lose nothing and send nothing twice.
 *
 * 1. kill -9 mid-stream (PGlite, then PostgreSQL): a few clients send capture requests with
 *    idempotency keys; the server (a child process, from source) is killed with SIGKILL after a few
 *    seconds and restarted on the same data. Every acknowledged (2xx) request must have its row
 *    (0 lost); the unacknowledged ones are replayed with the same keys and must leave one row each
 *    (0 duplicates), whether or not they had committed before the kill.
 * 2. Two instances on one PostgreSQL database and a slow SMTP server (1–4 s per mail): contact
 *    messages queue one e-mail each to the company address; once the outbox is empty every e-mail
 *    must have arrived exactly once (decision 070). The outbox hold is cut to 3 s (shorter than
 *    the slowest send) so that the run depends on the hold being renewed: with a hold that is not
 *    renewed, it would run out mid-batch and mid-send and the other instance would send again.
 *
 * PostgreSQL needs TEST_DATABASE_URL (a server where this bench may create and drop databases).
 */

const CLIENTS = 4;
const KILL_AFTER_MS = 3_000;
const REQUEST_TIMEOUT_MS = 10_000;
const CONTACT_MESSAGES = 30;
const SMTP_DELAY_MS = { min: 1_000, max: 4_000 };
const OUTBOX_LEASE_MS = 3_000;
const DRAIN_TIMEOUT_MS = 90_000;

type TAnswer = { index: number; status: number; error?: string; sentAt: number; answeredAt: number };

async function post(baseUrl: string, route: string, body: unknown, key: string): Promise<Omit<TAnswer, 'index'>> {
  const sentAt = Date.now();
  try {
    const response = await fetch(`${baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: response.status, sentAt, answeredAt: Date.now() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, error: cause?.code ?? (error as Error).name, sentAt, answeredAt: Date.now() };
  }
}

const isAcknowledged = (status: number) => status >= 200 && status < 300;

/** A database created for this run on the PostgreSQL server, and dropped afterwards. */
async function createDatabase(adminUrl: string) {
  const name = `spacecapture_faults_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The rows of a query (both drivers answer `{ rows }`). */
async function query<T>(handle: TDatabaseHandle, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Rows stored per capture request of a run, and how many were committed before `before`. */
async function rowsByEmail(handle: TDatabaseHandle, prefix: string, before: Date) {
  const result = await query<{ email: string; rows: number; early: number }>(
    handle,
    sql`
    select contact->>'email' as email, count(*)::int as rows,
           count(*) filter (where created_at < ${before.toISOString()}::timestamptz)::int as early
    from order_leads where contact->>'email' like ${`${prefix}-%`} group by 1`,
  );
  return new Map(result.map((row) => [row.email, { rows: Number(row.rows), early: Number(row.early) }]));
}

async function killMidStream(label: 'PGlite' | 'PostgreSQL', adminUrl: string | undefined) {
  const prefix = `faults-${label.toLowerCase()}-${Date.now()}`;
  const database = adminUrl ? await createDatabase(adminUrl) : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-bench-faults-'));
  const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  try {
    console.info(`faults: kill -9 on ${label}: ${CLIENTS} clients, SIGKILL after ${KILL_AFTER_MS / 1000} s...`);
    const first = await startSourceServer(env, { dataDir });
    const answers: TAnswer[] = [];
    let next = 0;
    const client = async () => {
      // Each client stops at its first request without an answer: the server is gone.
      for (;;) {
        const index = next++;
        const answer = await post(
          first.baseUrl,
          '/api/public/capture-requests',
          captureRequestBody(prefix, index),
          idempotencyKey(prefix, index),
        );
        answers.push({ index, ...answer });
        if (answer.status === 0) return;
      }
    };
    const clients = Promise.all(Array.from({ length: CLIENTS }, client));
    await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
    const killedAt = new Date();
    await first.kill();
    await clients;

    const restartStarted = Date.now();
    const second = await startSourceServer(env, { dataDir, port: first.port });
    const restartMs = Date.now() - restartStarted;
    // Everything not acknowledged is sent again with its own key until it is (a 503 is retried).
    const unacknowledged = answers.filter((answer) => !isAcknowledged(answer.status)).map((answer) => answer.index);
    const replays: TAnswer[] = [];
    for (const index of unacknowledged) {
      let answer = await post(
        second.baseUrl,
        '/api/public/capture-requests',
        captureRequestBody(prefix, index),
        idempotencyKey(prefix, index),
      );
      for (let attempt = 1; !isAcknowledged(answer.status) && attempt < 20; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        answer = await post(
          second.baseUrl,
          '/api/public/capture-requests',
          captureRequestBody(prefix, index),
          idempotencyKey(prefix, index),
        );
      }
      replays.push({ index, ...answer });
    }
    await second.stop();

    // Counted once the server is down (the embedded database admits one process at a time).
    const handle = database ? await openPostgres(database.url, { poolSize: 1 }) : await openEmbeddedDatabase(dataDir);
    let rows: Awaited<ReturnType<typeof rowsByEmail>>;
    try {
      rows = await rowsByEmail(handle, prefix, killedAt);
    } finally {
      await handle.close();
    }
    const acknowledged = answers.filter((answer) => isAcknowledged(answer.status));
    const otherStatuses = answers.filter((answer) => answer.status !== 0 && !isAcknowledged(answer.status)).length;
    const lost = acknowledged.filter((answer) => (rows.get(emailOf(prefix, answer.index))?.early ?? 0) === 0).length;
    // Unanswered at the kill, yet committed before it: the replay must answer them from the
    // idempotency record instead of storing them again.
    const committedUnanswered = unacknowledged.filter(
      (index) => (rows.get(emailOf(prefix, index))?.early ?? 0) > 0,
    ).length;
    const replayedOk = replays.filter((answer) => isAcknowledged(answer.status)).length;
    const sent = answers.length;
    const duplicates = [...rows.values()].filter((row) => row.rows > 1).length;
    const missing = answers.filter((answer) => !rows.has(emailOf(prefix, answer.index))).length;
    const totalRows = [...rows.values()].reduce((sum, row) => sum + row.rows, 0);
    const figures: TFigure[] = [
      { name: `${label} kill -9: requests sent before the kill`, value: sent },
      {
        name: `${label} kill -9: acknowledged (2xx) / rows of them after restart`,
        value: `${acknowledged.length} / ${acknowledged.length - lost}`,
        goal: 'equal',
        status: goal(lost === 0),
      },
      { name: `${label} kill -9: acknowledged but lost`, value: lost, goal: '0', status: goal(lost === 0) },
      {
        name: `${label} kill -9: unanswered at the kill / of them committed`,
        value: `${unacknowledged.length} / ${committedUnanswered}`,
      },
      { name: `${label} kill -9: answers other than 2xx before the kill`, value: otherStatuses },
      { name: `${label} kill -9: restart on the same data`, value: round(restartMs / 1000), unit: 's' },
      {
        name: `${label} kill -9: replayed with the same key / 2xx`,
        value: `${replays.length} / ${replayedOk}`,
        goal: 'equal',
        status: goal(replayedOk === replays.length),
      },
      {
        name: `${label} kill -9: rows after replay / requests`,
        value: `${totalRows} / ${sent}`,
        goal: 'equal',
        status: goal(totalRows === sent && missing === 0),
      },
      { name: `${label} kill -9: duplicate rows`, value: duplicates, goal: '0', status: goal(duplicates === 0) },
    ];
    return {
      figures,
      details: { label, sent, acknowledged: acknowledged.length, lost, unacknowledged, committedUnanswered, restartMs },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

async function twoInstancesSlowSmtp(adminUrl: string) {
  const database = await createDatabase(adminUrl);
  const smtp = await startSlowSmtp({ minDelayMs: SMTP_DELAY_MS.min, maxDelayMs: SMTP_DELAY_MS.max });
  const prefix = `faults-mail-${Date.now()}`;
  const servers: Awaited<ReturnType<typeof startSourceServer>>[] = [];
  const handle = await openPostgres(database.url, { poolSize: 1 });
  try {
    console.info(
      `faults: two instances, SMTP ${SMTP_DELAY_MS.min / 1000}–${SMTP_DELAY_MS.max / 1000} s per mail, ` +
        `outbox hold ${OUTBOX_LEASE_MS / 1000} s, ${CONTACT_MESSAGES} e-mails...`,
    );
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      BENCH_OUTBOX_LEASE_MS: String(OUTBOX_LEASE_MS),
    };
    // One after the other: the second finds the schema migrated.
    for (let i = 0; i < 2; i++) servers.push(await startSourceServer(env, { entry: 'bench/lib/outbox-server.ts' }));
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: CONTACT_MESSAGES }, (_, index) =>
        post(
          servers[index % 2]!.baseUrl,
          '/api/public/contact-messages',
          {
            name: 'Bench Visitor',
            email: emailOf(prefix, index),
            subject: `Question ${index}`,
            message: 'What does a three-floor office cost?',
          },
          idempotencyKey(prefix, index),
        ),
      ),
    );
    const accepted = answers.filter((answer) => isAcknowledged(answer.status)).length;
    const queuedResult = await query<{ n: number }>(
      handle,
      sql`select count(*)::int as n from outbox_emails where reply_to like ${`${prefix}-%`}`,
    );
    const queued = Number(queuedResult[0]?.n ?? 0);
    let drainedMs: number | undefined;
    while (Date.now() - started < DRAIN_TIMEOUT_MS) {
      const left = await query<{ n: number }>(
        handle,
        sql`select count(*)::int as n from outbox_emails where status <> 'sent'`,
      );
      if (Number(left[0]?.n) === 0) {
        drainedMs = Date.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A second send of an e-mail already recorded as sent would still be on its way: wait for
    // the slowest answer of the mail server before counting.
    await new Promise((resolve) => setTimeout(resolve, SMTP_DELAY_MS.max + 1000));
    const ours = smtp.received.filter((mail) => mail.replyTo?.startsWith(`${prefix}-`));
    const distinct = new Set(ours.map((mail) => mail.replyTo)).size;
    const duplicates = ours.length - distinct;
    const figures: TFigure[] = [
      { name: 'two instances, slow SMTP: contact messages accepted', value: `${accepted}/${CONTACT_MESSAGES}` },
      {
        name: 'two instances, slow SMTP: mails received / queued',
        value: `${ours.length} / ${queued}`,
        goal: 'equal',
        status: goal(ours.length === queued && queued === CONTACT_MESSAGES),
      },
      {
        name: 'two instances, slow SMTP: duplicate mails',
        value: duplicates,
        goal: '0',
        status: goal(duplicates === 0),
      },
      {
        name: 'two instances, slow SMTP: queued, never received',
        value: queued - distinct,
        goal: '0',
        status: goal(queued === distinct),
      },
      {
        name: 'two instances, slow SMTP: outbox empty after',
        value: drainedMs === undefined ? `not within ${DRAIN_TIMEOUT_MS / 1000} s` : round(drainedMs / 1000),
        unit: drainedMs === undefined ? undefined : 's',
      },
    ];
    return {
      figures,
      details: { queued, received: ours.length, distinct, duplicates, drainedMs, leaseMs: OUTBOX_LEASE_MS },
    };
  } finally {
    for (const server of servers) await server.stop();
    await handle.close();
    await smtp.close();
    await database.drop();
  }
}

await runBench(async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const notes: string[] = [];
  const figures: TFigure[] = [];
  const details: Record<string, unknown> = {};
  const pglite = await killMidStream('PGlite', undefined);
  figures.push(...pglite.figures);
  details.killPglite = pglite.details;
  if (adminUrl) {
    const postgres = await killMidStream('PostgreSQL', adminUrl);
    figures.push(...postgres.figures);
    details.killPostgres = postgres.details;
    const mail = await twoInstancesSlowSmtp(adminUrl);
    figures.push(...mail.figures);
    details.twoInstancesSlowSmtp = mail.details;
    notes.push(
      `PostgreSQL at ${redact(adminUrl)}; outbox hold ${OUTBOX_LEASE_MS / 1000} s, batch 5 (defaults 60 s, 5).`,
    );
  } else {
    notes.push(
      'PostgreSQL runs skipped (kill -9 on PostgreSQL; two instances with slow SMTP): set TEST_DATABASE_URL ' +
        '(e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
  }
  return {
    bench: 'faults',
    title: 'Faults: kill -9 mid-stream and restart; two instances sending through a slow SMTP server',
    figures,
    notes,
    details,
  };
});
