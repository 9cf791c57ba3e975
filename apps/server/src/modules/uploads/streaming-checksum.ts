import { Transform } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { DataStore } from '@tus/utils';

/** Uploads whose running hash is kept at most; older ones fall back to reading the file once. */
const MAX_TRACKED = 2_000;
/** Bytes handed to the hashing thread and not yet hashed, above which the upload waits for it. */
const MAX_BYTES_IN_FLIGHT = 32 * 1024 * 1024;

/**
 * The hashing thread. SHA-256 runs at about 500 MB/s on one core, which is most of what an upload
 * costs the server, so it runs beside the thread that receives and writes the bytes. Plain
 * CommonJS evaluated as a string, so it needs no build step of its own.
 */
const HASHER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', (message) => {
  if (message.type === 'update') {
    let hash = hashes.get(message.id);
    if (!hash) hashes.set(message.id, (hash = createHash('sha256')));
    hash.update(new Uint8Array(message.chunk));
    parentPort.postMessage({ type: 'hashed', bytes: message.chunk.byteLength });
  } else if (message.type === 'digest') {
    const hash = hashes.get(message.id);
    hashes.delete(message.id);
    parentPort.postMessage({ type: 'digest', ticket: message.ticket, digest: hash ? hash.digest('hex') : null });
  } else if (message.type === 'forget') {
    hashes.delete(message.id);
  }
});
`;

type THasherReply = { type: 'hashed'; bytes: number } | { type: 'digest'; ticket: number; digest: string | null };

/** One hashing thread for the process, with back-pressure so queued bytes never pile up in memory. */
function startHasher() {
  const worker = new Worker(HASHER_SOURCE, { eval: true });
  // The thread must not keep the process alive on its own (shutdown closes the server, then exits).
  worker.unref();
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  let nextTicket = 0;
  const digests = new Map<number, (digest: string | null) => void>();
  worker.on('message', (reply: THasherReply) => {
    if (reply.type === 'hashed') {
      inFlight -= reply.bytes;
      if (inFlight < MAX_BYTES_IN_FLIGHT && waiting.length > 0) {
        const ready = waiting;
        waiting = [];
        for (const resume of ready) resume();
      }
    } else {
      digests.get(reply.ticket)?.(reply.digest);
      digests.delete(reply.ticket);
    }
  });
  return {
    /** Hands a copy of `chunk` to the thread; resolves once the backlog is small enough to go on. */
    update(id: string, chunk: Buffer): Promise<void> | undefined {
      const copy = new Uint8Array(chunk);
      inFlight += copy.byteLength;
      worker.postMessage({ type: 'update', id, chunk: copy.buffer }, [copy.buffer]);
      if (inFlight < MAX_BYTES_IN_FLIGHT) return undefined;
      return new Promise((resolve) => waiting.push(resolve));
    },
    /** The digest of everything given for `id` so far (messages are handled in order). */
    digest(id: string): Promise<string | null> {
      const ticket = nextTicket++;
      return new Promise((resolve) => {
        digests.set(ticket, resolve);
        worker.postMessage({ type: 'digest', id, ticket });
      });
    },
    forget(id: string) {
      worker.postMessage({ type: 'forget', id });
    },
    async close() {
      await worker.terminate();
    },
  };
}

/**
 * SHA-256 of each upload computed while its bytes stream to the store (decision 042), on a thread
 * of its own. A running hash lives in this process only and covers the bytes from 0 to the offset
 * it has seen; an upload that resumes elsewhere (another instance, a restart) or whose write
 * failed halfway loses it, and its digest is then computed by reading the stored file once.
 */
export function trackChecksums(store: DataStore) {
  const hasher = startHasher();
  /** Uploads with a running hash, and how far it goes. */
  const running = new Map<string, number>();
  const write = store.write.bind(store);

  store.write = async (readable, id, offset) => {
    const known = running.get(id);
    running.delete(id);
    if (offset === 0) hasher.forget(id);
    else if (known !== offset) {
      if (known !== undefined) hasher.forget(id);
      return write(readable, id, offset);
    }
    let seen = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        const backlog = hasher.update(id, chunk);
        if (backlog) void backlog.then(() => callback(null, chunk));
        else callback(null, chunk);
      },
    });
    readable.on('error', (error) => hashing.destroy(error));
    const written = await write(readable.pipe(hashing), id, offset);
    // Trust the running hash only when it saw exactly the bytes the store kept.
    if (written - offset === seen) {
      if (running.size >= MAX_TRACKED) {
        const oldest = running.keys().next().value as string;
        running.delete(oldest);
        hasher.forget(oldest);
      }
      running.set(id, written);
    } else {
      hasher.forget(id);
    }
    return written;
  };

  return {
    /** The hex digest of an upload of `size` bytes, when this process saw all of them; else null. */
    async take(id: string, size: number): Promise<string | null> {
      const offset = running.get(id);
      running.delete(id);
      if (offset !== size) {
        hasher.forget(id);
        return null;
      }
      return hasher.digest(id);
    },
    forget(id: string) {
      running.delete(id);
      hasher.forget(id);
    },
    /** Stops the hashing thread (the app is closing). */
    close: () => hasher.close(),
  };
}

export type TChecksumTracker = ReturnType<typeof trackChecksums>;
