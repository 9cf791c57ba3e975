/**
 * Signals that run after a commit (decision 193). Code that queues work for a background worker
 * (an e-mail, a webhook delivery, a file to draw) calls `afterCommit(executor, signal)` with the
 * executor it wrote with; the worker listens with `onCommitted(db, signal, listener)`. Inside a
 * transaction the signal waits for its commit and is dropped with a rollback; outside one the
 * write has committed already, so it is told at once. Nobody threads a callback through services.
 */

type TListeners = Map<string, Set<() => void>>;
/** What a transaction (or a savepoint inside it) has to tell once its outermost commit is done. */
type TPending = Set<string>;

const listenersOf = new WeakMap<object, TListeners>();
const pendingOf = new WeakMap<object, TPending>();

type TTransactional = { transaction: (run: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> };

function tell(listeners: TListeners, signals: Iterable<string>) {
  for (const signal of signals) {
    for (const listener of listeners.get(signal) ?? []) {
      try {
        listener();
      } catch {
        // A listener only schedules work; its failure must not turn a commit into an error.
      }
    }
  }
}

/** Makes `tx` and every savepoint opened from it add their signals to `pending`. */
function trackTransaction(tx: object, pending: TPending) {
  pendingOf.set(tx, pending);
  const transactional = tx as unknown as TTransactional;
  const openSavepoint = transactional.transaction.bind(tx);
  transactional.transaction = (run, config) =>
    openSavepoint((inner: object) => {
      trackTransaction(inner, pending);
      return run(inner as never);
    }, config);
}

/**
 * Installs the hook on a database the package opened: each `db.transaction(...)` collects the
 * signals of its writes and tells their listeners once it has committed.
 */
export function trackCommits<TDb extends object>(db: TDb): TDb {
  const listeners: TListeners = new Map();
  listenersOf.set(db, listeners);
  const transactional = db as unknown as TTransactional;
  const begin = transactional.transaction.bind(db);
  transactional.transaction = async (run, config) => {
    const pending: TPending = new Set();
    const result = await begin((tx: object) => {
      trackTransaction(tx, pending);
      return run(tx as never);
    }, config);
    tell(listeners, pending);
    return result;
  };
  return db;
}

/** After `executor`'s writes commit, tells the listeners of `signal` (at once outside a transaction). */
export function afterCommit(executor: object, signal: string): void {
  const pending = pendingOf.get(executor);
  if (pending) {
    pending.add(signal);
    return;
  }
  const listeners = listenersOf.get(executor);
  if (!listeners)
    throw new Error('afterCommit: the executor is neither an opened database nor one of its transactions');
  tell(listeners, [signal]);
}

/** Calls `listener` after each commit that signalled `signal` on `db`; returns the unsubscribe. */
export function onCommitted(db: object, signal: string, listener: () => void): () => void {
  const listeners = listenersOf.get(db);
  if (!listeners) throw new Error('onCommitted: the database was not opened with commit tracking');
  let forSignal = listeners.get(signal);
  if (!forSignal) {
    forSignal = new Set();
    listeners.set(signal, forSignal);
  }
  forSignal.add(listener);
  return () => forSignal.delete(listener);
}
