import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { DataStore } from '@tus/utils';

/** Uploads whose running hash is kept at most; older ones fall back to reading the file once. */
const MAX_TRACKED = 2_000;

/** What a finished upload's bytes are checked and archived by: its SHA-256 (hex) and CRC-32 (decision 221). */
export type TUploadDigests = { sha256: string; crc32: number };

/**
 * SHA-256 and CRC-32 of each upload computed while its bytes stream to the store (decision 042), on the
 * thread that receives them: each chunk is hashed where it is, with no copy (decision 114: with
 * the CPU's SHA instructions this costs less than handing a copy of every chunk to a thread of its
 * own). A running hash lives in this process only and covers the bytes from 0 to the offset it has
 * seen; an upload that resumes elsewhere (another instance, a restart) or whose write failed
 * halfway loses it, and its digest is then computed by reading the stored file once.
 */
export function trackChecksums(store: DataStore) {
  /**
   * Uploads with a running hash and CRC, and how far they go; `before` is both as they stood before
   * the last write, so a piece refused afterwards (decision 217) can be taken out of them again.
   */
  type TRunning = { hash: Hash; crc: number; offset: number };
  const running = new Map<string, TRunning & { before?: TRunning }>();
  const write = store.write.bind(store);

  store.write = async (readable, id, offset) => {
    const known = running.get(id);
    running.delete(id);
    let hash: Hash;
    let crc = 0;
    if (offset === 0) hash = createHash('sha256');
    else if (known?.offset === offset) {
      hash = known.hash;
      crc = known.crc;
    } else return write(readable, id, offset);
    // A copy of SHA-256's state is a few dozen bytes: cheap enough to keep one per write.
    const before: TRunning = { hash: hash.copy(), crc, offset };
    let seen = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        hash.update(chunk);
        crc = crc32(chunk, crc);
        callback(null, chunk);
      },
    });
    readable.on('error', (error) => hashing.destroy(error));
    const written = await write(readable.pipe(hashing), id, offset);
    // Trust the running hash only when it saw exactly the bytes the store kept.
    if (written - offset === seen) {
      if (running.size >= MAX_TRACKED) running.delete(running.keys().next().value as string);
      running.set(id, { hash, crc, offset: written, before });
    }
    return written;
  };

  return {
    /** The digests of an upload of `size` bytes, when this process saw all of them; else null. */
    async take(id: string, size: number): Promise<TUploadDigests | null> {
      const known = running.get(id);
      running.delete(id);
      return known?.offset === size ? { sha256: known.hash.digest('hex'), crc32: known.crc } : null;
    },
    /**
     * The upload's stored bytes were cut back to `offset` (a refused piece): the running hash goes
     * back to what it was there, or is dropped when it never stood there.
     */
    rewind(id: string, offset: number) {
      const known = running.get(id);
      if (!known || known.offset === offset) return;
      running.delete(id);
      if (known.before?.offset === offset) running.set(id, known.before);
    },
    forget(id: string) {
      running.delete(id);
    },
    /** Nothing runs beside the request thread; kept so the app's shutdown reads the same. */
    close: async () => undefined,
  };
}

export type TChecksumTracker = ReturnType<typeof trackChecksums>;
