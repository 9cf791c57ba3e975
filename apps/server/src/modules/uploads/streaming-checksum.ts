import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { DataStore } from '@tus/utils';

/** Uploads whose running hash is kept at most; older ones fall back to reading the file once. */
const MAX_TRACKED = 2_000;

/**
 * SHA-256 of each upload computed while its bytes stream to the store (decision 042). A running
 * hash lives in this process only and covers the bytes from 0 to the offset it has seen; an upload
 * that resumes elsewhere (another instance, a restart) or whose write failed halfway loses it, and
 * its digest is then computed by reading the stored file once at the end.
 */
export function trackChecksums(store: DataStore) {
  const running = new Map<string, { hash: Hash; offset: number }>();
  const write = store.write.bind(store);

  store.write = async (readable, id, offset) => {
    const known = running.get(id);
    running.delete(id);
    const entry = offset === 0 ? { hash: createHash('sha256'), offset: 0 } : known;
    if (!entry || entry.offset !== offset) return write(readable, id, offset);
    let seen = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        entry.hash.update(chunk);
        seen += chunk.length;
        callback(null, chunk);
      },
    });
    readable.on('error', (error) => hashing.destroy(error));
    const written = await write(readable.pipe(hashing), id, offset);
    // Trust the running hash only when it saw exactly the bytes the store kept.
    if (written - offset === seen) {
      entry.offset = written;
      if (running.size >= MAX_TRACKED) running.delete(running.keys().next().value as string);
      running.set(id, entry);
    }
    return written;
  };

  return {
    /** The hex digest of an upload of `size` bytes, when this process saw all of them; else null. */
    take(id: string, size: number): string | null {
      const entry = running.get(id);
      running.delete(id);
      return entry && entry.offset === size ? entry.hash.digest('hex') : null;
    },
    forget(id: string) {
      running.delete(id);
    },
  };
}

export type TChecksumTracker = ReturnType<typeof trackChecksums>;
