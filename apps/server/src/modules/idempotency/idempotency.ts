import { createHash } from 'node:crypto';
import {
  insertRows,
  schema,
  type TDatabase,
  type TExecutor,
  type TInsertRows,
  type TTransaction,
  type TWriteSets,
} from '@spacecapture/db/client';
import { AppError } from '@spacecapture/shared/errors';
import { and, eq, sql } from 'drizzle-orm';

const { idempotencyKeys } = schema;

export type TStoredResponse<T> = { status: number; body: T; replayed: boolean };

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !KEY_PATTERN.test(value)) {
    throw new AppError(
      'bad_request',
      'The Idempotency-Key header must be 8 to 128 letters, digits or the characters _ . : -',
    );
  }
  return value;
}

export function hashRequest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs `work` in one transaction and remembers its answer under (scope, key), written once at the
 * end of the same transaction. A repeat or a concurrent duplicate fails that unique key (on
 * PostgreSQL the duplicate waits for the first to commit), so its transaction, business rows
 * included, rolls back and the stored answer is replayed: exactly one row is ever created.
 */
export async function runIdempotent<T>(
  db: TDatabase,
  request: { scope: string; key: string | undefined; requestHash: string },
  work: (tx: TTransaction) => Promise<{ status: number; body: T }>,
): Promise<TStoredResponse<T>> {
  const { scope, key, requestHash } = request;
  if (!key) {
    const result = await db.transaction(work);
    return { ...result, replayed: false };
  }
  try {
    const result = await db.transaction(async (tx) => {
      const outcome = await work(tx);
      await rememberAnswer(tx, { scope, key, requestHash }, outcome);
      return outcome;
    });
    return { ...result, replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return replayStored<T>(db, scope, key, requestHash);
}

/**
 * The same guarantee as runIdempotent for work that is only inserts known in advance (a public
 * form: its row, its audit entry, its e-mails): they and the remembered answer are written in one
 * statement, one round trip and one commit instead of six, shared with the other submissions
 * waiting at that moment (`writeSets`, decision 166). A repeat fails the key's uniqueness, so
 * nothing of it is written and the first answer is replayed.
 */
export async function runIdempotentWrites<T>(
  store: { db: TDatabase; writeSets: TWriteSets },
  request: { scope: string; key: string | undefined; requestHash: string },
  plan: { writes: readonly TInsertRows[]; outcome: { status: number; body: T } },
): Promise<TStoredResponse<T>> {
  const { db, writeSets } = store;
  const { scope, key, requestHash } = request;
  const { writes, outcome } = plan;
  if (!key) {
    await writeSets.write(writes);
    return { ...outcome, replayed: false };
  }
  try {
    await writeSets.write([...writes, insertRows(idempotencyKeys, [answerRow({ scope, key, requestHash }, outcome)])]);
    return { ...outcome, replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return replayStored<T>(db, scope, key, requestHash);
}

/** The row that remembers an answer under (scope, key): its uniqueness is what refuses a repeat. */
function answerRow(
  request: { scope: string; key: string; requestHash: string },
  outcome: { status: number; body: unknown },
): typeof idempotencyKeys.$inferInsert {
  return { ...request, responseStatus: outcome.status, responseBody: outcome.body as object };
}

function rememberAnswer(
  db: TExecutor,
  request: { scope: string; key: string; requestHash: string },
  outcome: { status: number; body: unknown },
) {
  return db.insert(idempotencyKeys).values(answerRow(request, outcome));
}

async function replayStored<T>(
  db: TDatabase,
  scope: string,
  key: string,
  requestHash: string,
): Promise<TStoredResponse<T>> {
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!stored) throw new AppError('conflict', 'A request with this Idempotency-Key is still in progress; retry.');
  if (stored.requestHash !== requestHash) {
    throw new AppError('conflict', 'This Idempotency-Key was already used for a different request.');
  }
  return { status: stored.responseStatus, body: stored.responseBody as T, replayed: true };
}

/**
 * Remembered answers created before `cutoff`, at most `limit` a statement: the retention worker
 * repeats until fewer come back (decision 081). `ctid` picks the batch because the key is composite.
 */
export async function deleteIdempotencyKeysBefore(db: TExecutor, cutoff: Date, limit: number) {
  const result = (await db.execute(sql`delete from idempotency_keys where ctid in (
      select ctid from idempotency_keys where created_at < ${cutoff.toISOString()} limit ${limit}
    ) returning 1`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
