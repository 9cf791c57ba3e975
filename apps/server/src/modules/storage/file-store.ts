import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Files on local disk under `$DATA_DIR/files`. Keys are ours (never a visitor's file name), so a
 * key always maps inside the root. An object-storage driver implements the same shape.
 */
export type TFileStore = {
  /** Moves a finished temporary file into the store under `key`. */
  adopt(tempPath: string, key: string): Promise<void>;
  /** The whole file, or the bytes `start`..`end` (inclusive) of it; `size` is always the whole file's. */
  open(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number }>;
  remove(key: string): Promise<void>;
  /** A private folder for uploads in progress, on the same disk so adopt() is a rename. */
  tempDir(): Promise<string>;
  discardTemp(tempPath: string): Promise<void>;
};

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export function createLocalFileStore(root: string): TFileStore {
  const resolveKey = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async adopt(tempPath, key) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempPath, target);
    },
    async open(key, range) {
      const target = resolveKey(key);
      const info = await stat(target);
      return { stream: createReadStream(target, range ? { start: range.start, end: range.end } : {}), size: info.size };
    },
    async remove(key) {
      await rm(resolveKey(key), { force: true });
    },
    async discardTemp(tempPath) {
      await rm(tempPath, { force: true });
    },
    async tempDir() {
      const dir = path.join(root, '.incoming');
      await mkdir(dir, { recursive: true });
      return dir;
    },
  };
}
