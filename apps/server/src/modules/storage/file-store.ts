import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@spacecapture/shared/errors';
import { FileStore } from '@tus/file-store';
import { type DataStore, ERRORS, type KvStore, type Upload } from '@tus/utils';

/**
 * Where files live: local disk under `$DATA_DIR/files` (default) or an S3-compatible bucket
 * (s3-file-store.ts). Keys are ours (never a visitor's raw file name), so a key always maps inside
 * the store. Every read and write of stored files goes through this shape.
 */
export type TFileStore = {
  readonly kind: 'local' | 's3';
  /** Moves a finished temporary file into the store under `key`. */
  adopt(tempPath: string, key: string): Promise<void>;
  /**
   * The whole file, or the bytes `start`..`end` (inclusive) of it; `size` is always the whole
   * file's. A missing key rejects with an error whose `code` is 'ENOENT'.
   */
  open(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number }>;
  /** Removes the file and any upload state of it. */
  remove(key: string): Promise<void>;
  /** A private local folder for small uploads in progress (multipart forms). */
  tempDir(): Promise<string>;
  discardTemp(tempPath: string): Promise<void>;
  /**
   * Reserves `key` for a resumable upload written in place by `uploads`: false when a file or an
   * upload already holds it, so nothing is ever overwritten.
   */
  reserve(key: string): Promise<boolean>;
  /**
   * The tus data store that writes resumable uploads straight to their final key. Its state
   * outlives completion, so a client that lost the last answer sees the upload finished.
   */
  readonly uploads: DataStore;
  /** Keys of every resumable upload the store keeps state for, finished or not. */
  listUploads(): Promise<string[]>;
  /**
   * Cuts an unfinished upload back to its first `offset` bytes (a piece refused by its checksum,
   * decision 217). Only a store that writes uploads in place can; others leave it out and have
   * pieces checked before they reach the store.
   */
  rewindUpload?(key: string, offset: number): Promise<void>;
};

/** Keys of files stored whole (`applications/<uuid>.pdf`) and of deliverables (`<order id>/<ms>_<name>`). */
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;
const DELIVERABLE_KEY = /^[0-9a-f-]{36}\/\d{13}_[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** `files.open`, a missing file answered 404 (`not_found`) with `message`. */
export async function openStored(files: TFileStore, key: string, message: string) {
  try {
    return await files.open(key);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('not_found', message);
    throw error;
  }
}

export function isSafeKey(key: string) {
  return (SAFE_KEY.test(key) || DELIVERABLE_KEY.test(key)) && !key.includes('..');
}

export function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
  return key;
}

/** Folder of upload state (tus metadata) beside the files; a dot folder no key can reach. */
const UPLOAD_STATE_DIR = '.uploads';

/**
 * Upload metadata as one JSON file per upload, named by the key in base64url (keys hold slashes).
 * On shared disk every instance sees the same state.
 */
export function createUploadStateFiles(dir: string): KvStore<Upload> {
  const fileOf = (key: string) => path.join(dir, `${Buffer.from(key).toString('base64url')}.json`);
  return {
    async get(key) {
      try {
        return JSON.parse(await readFile(fileOf(key), 'utf8')) as Upload;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async set(key, value) {
      await mkdir(dir, { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${fileOf(key)}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(value));
      await rename(temp, fileOf(key));
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async list() {
      const names = await readdir(dir).catch(() => [] as string[]);
      return names
        .filter((name) => name.endsWith('.json'))
        .map((name) => Buffer.from(name.slice(0, -'.json'.length), 'base64url').toString());
    },
  };
}

/**
 * Bytes a PATCH may hold in memory on their way to disk. While one write is at the disk, the
 * chunks arriving meanwhile gather here and go down in one `writev`, instead of one write (and
 * one hop to libuv's threads) per 64 KiB chunk of the socket. Per PATCH, so memory stays flat.
 */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * tus's file store with its write made durable and batched: what a PATCH acknowledges is on disk
 * (one `fdatasync` per PATCH, after its last byte), and its chunks reach the disk in large writes.
 * A write cut short keeps what arrived; the offset stays the file's size.
 */
class DurableFileStore extends FileStore {
  readonly #pathOf: (key: string) => string;

  constructor(options: ConstructorParameters<typeof FileStore>[0] & { pathOf: (key: string) => string }) {
    super(options);
    this.#pathOf = options.pathOf;
  }

  override async write(readable: Readable, key: string, offset: number) {
    // `flush` syncs the file before it is closed, also when the write fails (the offset is the
    // file's size, so whatever reached the file counts); the pipeline settles once it is closed.
    const file = createWriteStream(this.#pathOf(key), {
      flags: 'r+',
      start: offset,
      flush: true,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    try {
      await pipeline(readable, file);
    } catch {
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + file.bytesWritten;
  }
}

export function createLocalFileStore(root: string): TFileStore {
  const resolveKey = (key: string) => path.join(root, assertSafeKey(key));
  const uploadState = createUploadStateFiles(path.join(root, UPLOAD_STATE_DIR));
  return {
    kind: 'local',
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
      await uploadState.delete(key);
    },
    async discardTemp(tempPath) {
      await rm(tempPath, { force: true });
    },
    async tempDir() {
      const dir = path.join(root, '.incoming');
      await mkdir(dir, { recursive: true });
      return dir;
    },
    async reserve(key) {
      const target = resolveKey(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        // 'wx' creates the empty file or fails if anything is there: atomic on one disk.
        await (await open(target, 'wx')).close();
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
    },
    uploads: new DurableFileStore({ directory: root, configstore: uploadState, pathOf: resolveKey }),
    async listUploads() {
      return (await uploadState.list?.()) ?? [];
    },
    async rewindUpload(key, offset) {
      // tus's file store reads an upload's offset from its file's size.
      await truncate(resolveKey(key), offset);
    },
  };
}
