import type { THashAnswer, THashRequest, TPieceDigests } from './file-hashing.ts';
import { createFileHashing } from './file-hashing.ts';

/**
 * An upload's piece and whole-file SHA-256s, computed in a worker (file-hasher.worker.ts); where
 * workers are missing (tests in Node), on this thread in the same steps.
 */
export function createFileHasher(file: Blob) {
  if (typeof Worker === 'undefined') {
    const hashing = createFileHashing(file);
    return { piece: (start: number, end: number) => hashing.piece(start, end), close: () => undefined };
  }
  const worker = new Worker(new URL('./file-hasher.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, { resolve: (digests: TPieceDigests) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  worker.onmessage = (event: MessageEvent<THashAnswer>) => {
    const pending = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    if (!pending) return;
    if (event.data.digests) pending.resolve(event.data.digests);
    else pending.reject(new Error(event.data.error ?? 'The file could not be read.'));
  };
  worker.onerror = () => {
    for (const pending of waiting.values()) pending.reject(new Error('The file could not be read.'));
    waiting.clear();
  };
  worker.postMessage({ id: 0, file } satisfies THashRequest);
  return {
    piece(start: number, end: number) {
      const id = nextId++;
      return new Promise<TPieceDigests>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, start, end } satisfies THashRequest);
      });
    },
    close: () => worker.terminate(),
  };
}
