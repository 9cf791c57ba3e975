import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { DataStore } from '@tus/utils';

/** Uploads whose running hash is kept at most; older ones fall back to reading the file once. */
const MAX_TRACKED = 2_000;

/**
 * SHA-256 of each upload computed while its bytes stream to the store (decision 042), on the
 * thread that receives them: each chunk is hashed where it is, with no copy (decision 114: with
 * the CPU's SHA instructions this costs less than handing a copy of every chunk to a thread of its
 * own). A running hash lives in this process only and covers the bytes from 0 to the offset it has
 * seen; an upload that resumes elsewhere (another instance, a restart) or whose write failed
 * halfway loses it, and its digest is then computed by reading the stored file once.
 */
export function trackChecksums(store: DataStore) {
  /** Uploads with a running hash, and how far it goes. */
  const running = new Map<string, { hash: Hash; offset: number }>();
  const write = store.write.bind(store);

  store.write = async (readable, id, offset) => {
    const known = running.get(id);
    running.delete(id);
    let hash: Hash;
    if (offset === 0) hash = createHash('sha256');
    else if (known?.offset === offset) hash = known.hash;
    else return write(readable, id, offset);
    let seen = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    readable.on('error', (error) => hashing.destroy(error));
    const written = await write(readable.pipe(hashing), id, offset);
    // Trust the running hash only when it saw exactly the bytes the store kept.
    if (written - offset === seen) {
      if (running.size >= MAX_TRACKED) running.delete(running.keys().next().value as string);
      running.set(id, { hash, offset: written });
    }
    return written;
  };

  return {
    /** The hex digest of an upload of `size` bytes, when this process saw all of them; else null. */
    async take(id: string, size: number): Promise<string | null> {
      const known = running.get(id);
      running.delete(id);
      return known?.offset === size ? known.hash.digest('hex') : null;
    },
    forget(id: string) {
      running.delete(id);
    },
    /** Nothing runs beside the request thread; kept so the app's shutdown reads the same. */
    close: async () => undefined,
  };
}

export type TChecksumTracker = ReturnType<typeof trackChecksums>;
