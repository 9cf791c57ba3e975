import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGliteOptions } from '@electric-sql/pglite';

/**
 * The main thread's side of the embedded database in its own thread (decision 110): a client with
 * the part of PGlite's interface drizzle uses (`query`, `transaction`) plus `dumpDataDir`, whose
 * calls are posted to pglite-thread-worker.ts. The server's event loop only waits for answers, so
 * liveness, static files and everything else keep answering while a statement runs.
 */

/** How the thread opens its database. */
export type TThreadStart = {
  /** The database folder; none for an in-memory database. */
  dataDir?: string;
  /** Commits reach the disk before they are acknowledged (pglite-durable.ts); needs dataDir. */
  durable?: boolean;
  /** A dump (`dumpDataDir`) to start from. */
  loadDataDir?: ArrayBuffer;
};

/** What the thread is started with: the options above and the process's compiled engine. */
export type TThreadData = TThreadStart & { engine: TCompiledEngine };

/** A compiled WebAssembly module, opaque here: it is only handed to PGlite. */
type TWasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
type TCompiledEngine = { pglite: TWasmModule; initdb: TWasmModule };
// This package's type library has no WebAssembly declarations (they come with the DOM's); Node has them.
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<TWasmModule> };
};
let compiledEngine: Promise<TCompiledEngine> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and shared by every database thread
 * (decision 186). V8 keeps one copy of a shared module's machine code, so a thread that starts
 * or ends allocates and frees no code pages of its own: that churn, across threads, is what
 * tripped V8's JIT-page bookkeeping ("Check failed: jit_page.has_value()") and aborted the
 * process now and then. Starting a database also skips compiling 9 MB of WebAssembly.
 */
export function compileEngine(): Promise<TCompiledEngine> {
  compiledEngine ??= (async (): Promise<TCompiledEngine> => {
    // Beside the package's entry file (its exports name no path to the .wasm files).
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const beside = (name: string) => path.join(path.dirname(entry), name);
    const compile = async (name: string) => wasm.compile(await readFile(beside(name)));
    const [pglite, initdb] = await Promise.all([compile('pglite.wasm'), compile('initdb.wasm')]);
    return { pglite, initdb };
  })();
  return compiledEngine;
}

type TRowMode = 'array' | 'object';
export type TThreadRequest = { id: number } & (
  | { op: 'ready' }
  | { op: 'query'; sql: string; params: unknown[]; rowMode: TRowMode; tx?: number; postedAt?: number }
  | { op: 'begin'; postedAt?: number }
  | { op: 'limits'; maxQueueWaitMs: number | undefined }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'syncs' }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; subscription: number }
  | { op: 'close' }
);
/** A NOTIFY heard by the thread, passed on to the main thread's listeners of its channel. */
export type TThreadNotice = { notice: number; payload: string };
type TDistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type TRequestBody = TDistributiveOmit<TThreadRequest, 'id'>;

export type TThreadReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: { name: string; message: string; fields: Record<string, string | number | boolean | null> };
    };

export type TQueryResults = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type TQueryOptions = { rowMode?: TRowMode };

export type TThreadTransaction = {
  query(sql: string, params?: unknown[], options?: TQueryOptions): Promise<TQueryResults>;
};

export type TPgliteThreadClient = TThreadTransaction & {
  /**
   * Runs `callback` in one transaction: BEGIN, its statements, COMMIT (ROLLBACK when it throws).
   * The thread holds every other query back until it ends, as PGlite does in one thread.
   */
  transaction<T>(callback: (tx: TThreadTransaction) => Promise<T>): Promise<T>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob>;
  /** Disk syncs the thread has made (durable databases sync at least once per commit). */
  diskSyncs(): Promise<number>;
  /**
   * Statements (and transactions) that have waited longer than this to start are refused with
   * DATABASE_BUSY_CODE (decision 184); undefined waits for ever, as PGlite does.
   */
  setQueueDeadline(maxQueueWaitMs: number | undefined): Promise<void>;
  /** LISTEN on `channel`, as PGlite's own `listen`: resolves to the function that stops it. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  readonly closed: boolean;
  close(): Promise<void>;
};

/**
 * The worker's file: beside the bundled server (`dist/pglite-thread-worker.mjs`) or, when running
 * from source, the TypeScript file beside this one (Node strips its types).
 */
function workerFile(): URL {
  for (const name of ['./pglite-thread-worker.mjs', './pglite-thread-worker.ts']) {
    const url = new URL(name, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new Error('pglite-thread-worker not found next to the server or in packages/db.');
}

/** The database's error again, with PostgreSQL's fields (`code`, `constraint`...) the error mapping reads. */
function reviveError(error: Extract<TThreadReply, { ok: false }>['error']): Error {
  const revived = new Error(error.message);
  revived.name = error.name;
  return Object.assign(revived, error.fields);
}

export async function startPgliteThread(start: TThreadStart): Promise<TPgliteThreadClient> {
  const workerData: TThreadData = { ...start, engine: await compileEngine() };
  const worker = new Worker(workerFile(), {
    workerData,
    ...(start.loadDataDir ? { transferList: [start.loadDataDir] } : {}),
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let failure: Error | undefined;
  // The thread keeps the process alive only while it has work: an idle database must not stop
  // the process from exiting (as PGlite in the main thread did not).
  worker.unref();

  const failAll = (error: Error) => {
    failure ??= error;
    for (const { reject } of pending.values()) reject(failure);
    pending.clear();
  };
  const subscriptions = new Map<number, (payload: string) => void>();
  worker.on('message', (reply: TThreadReply | TThreadNotice) => {
    if ('notice' in reply) {
      subscriptions.get(reply.notice)?.(reply.payload);
      return;
    }
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(reviveError(reply.error));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`The database thread stopped (exit code ${code}).`)));

  const request = <T>(body: TRequestBody): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...body });
    });
  };
  const query = (sql: string, params: unknown[] = [], options: TQueryOptions = {}, tx?: number) =>
    request<TQueryResults>({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      // When it was asked for: the thread's queue deadline counts from here.
      ...(tx === undefined ? { postedAt: Date.now() } : { tx }),
    });

  try {
    await request({ op: 'ready' });
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  return {
    query: (sql, params, options) => query(sql, params, options),
    async transaction(callback) {
      const tx = await request<number>({ op: 'begin', postedAt: Date.now() });
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback({ query: (sql, params, options) => query(sql, params, options, tx) });
      } catch (error) {
        await request({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await request({ op: 'end', tx, commit: true });
      return result;
    },
    async dumpDataDir(compression = 'none') {
      return new Blob([await request<ArrayBuffer>({ op: 'dump', compression })]);
    },
    diskSyncs: () => request<number>({ op: 'syncs' }),
    async setQueueDeadline(maxQueueWaitMs) {
      await request({ op: 'limits', maxQueueWaitMs });
    },
    async listen(channel, onPayload) {
      const subscription = await request<number>({ op: 'listen', channel });
      subscriptions.set(subscription, onPayload);
      return async () => {
        subscriptions.delete(subscription);
        if (!failure) await request({ op: 'unlisten', subscription });
      };
    },
    get closed() {
      return failure !== undefined;
    },
    async close() {
      try {
        if (!failure) await request({ op: 'close' });
      } finally {
        failure ??= new Error('The database is closed.');
        await worker.terminate();
      }
    },
  };
}
