/**
 * Actions a provider takes without signal (decision 225), kept on the device until they are sent.
 * Each action keeps the user who took it: only that user's session ever sends it, and signing out
 * drops what is left. Its id doubles as the request's Idempotency-Key.
 */

export type TQueuedAction = {
  id: string;
  userId: string;
  /** What to send, named by the caller (for example `accept`); the sender maps it to a request. */
  kind: string;
  /** The record the action is about (a job's assignment id). */
  targetId: string;
  body: unknown;
  /** What the provider reads while it waits ("Accept the job in Leith"). */
  label: string;
  queuedAt: string;
};

/** Where the queue is kept: IndexedDB in the browser, a map in component tests. */
export type TQueueStorage = {
  all(): Promise<TQueuedAction[]>;
  put(action: TQueuedAction): Promise<void>;
  remove(id: string): Promise<void>;
  clear(): Promise<void>;
};

const DATABASE = 'spacecapture-offline';
const STORE = 'actions';

function request<T>(operation: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    operation.onsuccess = () => resolve(operation.result);
    operation.onerror = () => reject(operation.error);
  });
}

let opened: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'id' });
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => {
      opened = null;
      reject(opening.error);
    };
  });
  return opened;
}

async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return request(run(db.transaction(STORE, mode).objectStore(STORE)));
}

export const indexedDbQueueStorage: TQueueStorage = {
  all: () => inStore('readonly', (store) => store.getAll() as IDBRequest<TQueuedAction[]>),
  put: async (action) => {
    await inStore('readwrite', (store) => store.put(action));
  },
  remove: async (id) => {
    await inStore('readwrite', (store) => store.delete(id));
  },
  clear: async () => {
    await inStore('readwrite', (store) => store.clear());
  },
};

/** An in-memory queue for component tests and browsers without IndexedDB. */
export function memoryQueueStorage(): TQueueStorage {
  const actions = new Map<string, TQueuedAction>();
  return {
    all: async () => [...actions.values()],
    put: async (action) => {
      actions.set(action.id, action);
    },
    remove: async (id) => {
      actions.delete(id);
    },
    clear: async () => actions.clear(),
  };
}

let storage: TQueueStorage = typeof indexedDB === 'undefined' ? memoryQueueStorage() : indexedDbQueueStorage;

/** Swaps the queue's storage (component tests). */
export function setQueueStorage(next: TQueueStorage) {
  storage = next;
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever the queue changes; returns the unsubscribe. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  for (const listener of listeners) listener();
}

/** The user's waiting actions, oldest first: they are sent in the order they were taken. */
export async function queuedActionsOf(userId: string): Promise<TQueuedAction[]> {
  const all = await storage.all();
  return all.filter((action) => action.userId === userId).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function queueAction(action: TQueuedAction): Promise<void> {
  await storage.put(action);
  changed();
}

export async function dropQueuedAction(id: string): Promise<void> {
  await storage.remove(id);
  changed();
}

/** Signing out leaves nothing of the user's on the device. */
export async function clearQueuedActions(): Promise<void> {
  await storage.clear();
  changed();
}
