/**
 * The upload queue kept in IndexedDB (decision 219), so it outlives a reload, a closed tab and a
 * browser restart. Each unfinished upload is kept under its fingerprint (order, name, size, last
 * change), the key tus keeps its upload URL under too. In Chromium the file's handle is kept with
 * it (a FileSystemFileHandle can be stored), so the upload resumes without choosing the file
 * again; elsewhere the entry says which file to choose, and the hash of its first piece tells the
 * same file from another of the same name, size and date.
 */

export type TStoredUpload = {
  key: string;
  orderId: string;
  fileName: string;
  size: number;
  lastModified: number;
  /** The file's handle where the browser gives one (File System Access); else null. */
  handle: FileSystemFileHandle | null;
  /** The file this upload replaces once recorded (decision 218), or null. */
  replaces: string | null;
  /** The first piece's SHA-256 (base64), once it was read. */
  firstPieceSha256: string | null;
};

const DATABASE = 'spacecapture-uploads';
const STORE = 'queue';

export function uploadKeyOf(orderId: string, file: { name: string; size: number; lastModified: number }) {
  return ['spacecapture-upload', orderId, file.name, file.size, file.lastModified].join(':');
}

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    // Private windows of some browsers refuse IndexedDB: the queue then lasts as long as the page.
    request.onerror = () => resolve(null);
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  const database = await open();
  if (!database) return null;
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

export async function saveStoredUpload(entry: TStoredUpload) {
  try {
    await run('readwrite', (store) => store.put(entry));
  } catch {
    // A handle the browser cannot store (or a full disk): kept without it, the file is asked for.
    if (entry.handle) await run('readwrite', (store) => store.put({ ...entry, handle: null })).catch(() => null);
  }
}

export async function updateStoredUpload(key: string, change: Partial<TStoredUpload>) {
  const entry = await run('readonly', (store) => store.get(key) as IDBRequest<TStoredUpload | undefined>).catch(
    () => null,
  );
  if (entry) await saveStoredUpload({ ...entry, ...change });
}

export async function removeStoredUpload(key: string) {
  await run('readwrite', (store) => store.delete(key)).catch(() => null);
}

export async function storedUploads(): Promise<TStoredUpload[]> {
  return ((await run('readonly', (store) => store.getAll()).catch(() => null)) ?? []) as TStoredUpload[];
}
