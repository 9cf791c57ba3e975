import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DATABASE_BUSY_CODE } from './connection-errors.ts';
import { DURABLE_START_PARAMS, DurableNodeFS, diskSyncCount } from './pglite-durable.ts';
import type { TThreadData, TThreadNotice, TThreadReply, TThreadRequest } from './pglite-thread.ts';

/**
 * The thread that owns the embedded database (decision 110): PGlite runs here, so a statement
 * keeps this thread busy instead of the server's event loop. Requests are handled as they come;
 * PGlite itself runs one at a time, and a plain query waits while a transaction is open, so a
 * transaction's statements run in order with everything else queued behind them.
 *
 * Plain TypeScript without a build step in development (Node strips the types); the server's
 * build bundles it as its own file (dist/pglite-thread-worker.mjs).
 */

const start = workerData as TThreadData;
if (!parentPort) throw new Error('pglite-thread-worker runs as a worker thread only.');
const port = parentPort;

/** As drizzle asks of PGlite: dates, times and intervals stay the strings PostgreSQL sends. */
const keepText = (value: string) => value;
const PARSERS = {
  [types.TIMESTAMP]: keepText,
  [types.TIMESTAMPTZ]: keepText,
  [types.INTERVAL]: keepText,
  [types.DATE]: keepText,
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

const databasePromise = PGlite.create({
  ...(start.durable && start.dataDir
    ? { fs: new DurableNodeFS(start.dataDir), startParams: DURABLE_START_PARAMS }
    : start.dataDir
      ? { dataDir: start.dataDir }
      : {}),
  ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
  // Compiled once by the process and shared by every thread (decision 186).
  pgliteWasmModule: start.engine.pglite,
  initdbWasmModule: start.engine.initdb,
  // pg_trgm backs the admin lists' case-insensitive search (trigram indexes, migration 0003).
  extensions: { pg_trgm },
});
// A failed start is reported to the first request (the opener's 'ready'), not as a crash of the thread.
databasePromise.catch(() => undefined);

const ROLLBACK = Symbol('rollback');
type TOpenTransaction = { tx: Transaction; finish(commit: boolean): void; done: Promise<void> };
const transactions = new Map<number, TOpenTransaction>();
/** LISTENs of the main thread, by the number it knows them by. */
const subscriptions = new Map<number, () => Promise<void>>();
let nextSubscription = 1;
let nextTransaction = 1;

async function begin(database: PGlite): Promise<number> {
  const id = nextTransaction++;
  let opened!: () => void;
  const ready = new Promise<void>((resolve) => {
    opened = resolve;
  });
  let entry: Omit<TOpenTransaction, 'done'> | undefined;
  const done = database.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        entry = { tx, finish: (commit) => (commit ? resolve() : reject(ROLLBACK)) };
        opened();
      }),
  );
  await Promise.race([ready, done]);
  if (!entry) throw new Error('The transaction did not start.');
  transactions.set(id, { ...entry, done });
  return id;
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}.`);
  transactions.delete(id);
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
}

async function handle(request: TThreadRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  const database = await databasePromise;
  switch (request.op) {
    case 'ready':
      return { value: null };
    case 'query': {
      const options = { rowMode: request.rowMode, parsers: PARSERS };
      if (request.tx === undefined) return { value: await database.query(request.sql, request.params, options) };
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`No open transaction ${request.tx}.`);
      return { value: await open.tx.query(request.sql, request.params, options) };
    }
    case 'begin':
      return { value: await begin(database) };
    case 'end':
      await end(request.tx, request.commit);
      return { value: null };
    case 'dump': {
      const dump = await database.dumpDataDir(request.compression);
      const bytes = await dump.arrayBuffer();
      return { value: bytes, transfer: [bytes] };
    }
    case 'syncs':
      return { value: diskSyncCount() };
    case 'listen': {
      const subscription = nextSubscription++;
      const unlisten = await database.listen(request.channel, (payload) =>
        port.postMessage({ notice: subscription, payload } satisfies TThreadNotice),
      );
      subscriptions.set(subscription, unlisten);
      return { value: subscription };
    }
    case 'unlisten': {
      const unlisten = subscriptions.get(request.subscription);
      subscriptions.delete(request.subscription);
      await unlisten?.();
      return { value: null };
    }
    case 'close':
      await database.close();
      return { value: null };
    case 'limits':
      return { value: null };
  }
}

/** The error's message and plain fields (PostgreSQL's `code`, `constraint`, `detail`...), which survive the copy. */
function describeError(error: unknown): Extract<TThreadReply, { ok: false }>['error'] {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

function reply(request: TThreadRequest, outcome: Promise<{ value: unknown; transfer?: ArrayBuffer[] }>) {
  return outcome.then(
    ({ value, transfer }) =>
      port.postMessage({ id: request.id, ok: true, value } satisfies TThreadReply, transfer ?? []),
    (error: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: describeError(error) } satisfies TThreadReply),
  );
}

/**
 * The queue deadline (decision 184): statements and transactions outside any open transaction
 * run one at a time in the order they came, as PGlite would run them, and one that has waited
 * longer than `maxWaitMs` since the main thread posted it is refused before it starts
 * (DATABASE_BUSY_CODE), while it waits as soon as its time is up, not when its turn comes. A
 * transaction's own statements never wait here: its turn began with its BEGIN.
 */
type TQueued = { request: TThreadRequest & { postedAt?: number }; refused: boolean };
const queue: TQueued[] = [];
let maxWaitMs: number | undefined;
let running = false;
let sweeper: NodeJS.Timeout | undefined;

function isQueued(request: TThreadRequest) {
  return request.op === 'begin' || (request.op === 'query' && request.tx === undefined);
}

function waitedMs(entry: TQueued) {
  return Date.now() - (entry.request.postedAt ?? Date.now());
}

function refuseIfLate(entry: TQueued): boolean {
  if (maxWaitMs === undefined || entry.refused) return entry.refused;
  const waited = waitedMs(entry);
  if (waited <= maxWaitMs) return false;
  entry.refused = true;
  const error = Object.assign(new Error(`The database is busy: the statement waited ${waited} ms to start.`), {
    code: DATABASE_BUSY_CODE,
  });
  void reply(entry.request, Promise.reject(error));
  return true;
}

function sweep() {
  for (const entry of queue) refuseIfLate(entry);
  if (queue.every((entry) => entry.refused)) {
    queue.length = 0;
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

async function pump() {
  if (running) return;
  running = true;
  try {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      if (refuseIfLate(entry)) continue;
      const outcome = handle(entry.request);
      await reply(entry.request, outcome);
      // A transaction holds the queue until it ends (COMMIT or ROLLBACK).
      if (entry.request.op === 'begin') {
        const id = await outcome.then(
          ({ value }) => value as number,
          () => undefined,
        );
        const open = id === undefined ? undefined : transactions.get(id);
        await open?.done.catch(() => undefined);
      }
    }
  } finally {
    running = false;
  }
}

port.on('message', (request: TThreadRequest) => {
  if (request.op === 'limits') {
    maxWaitMs = request.maxQueueWaitMs;
    void reply(request, Promise.resolve({ value: null }));
    return;
  }
  if (!isQueued(request)) {
    void reply(request, handle(request));
    return;
  }
  queue.push({ request, refused: false });
  if (maxWaitMs !== undefined && !sweeper) sweeper = setInterval(sweep, Math.max(5, Math.min(50, maxWaitMs / 4)));
  void pump();
});
