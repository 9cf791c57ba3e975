import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite starts PostgreSQL with fsync off (`-F`), and its Node file system has no fsync at all, so
 * an acknowledged commit may sit in the page cache when the power goes. With fsync on and the
 * file system's fsync mapped to the operating system's, every commit reaches the disk before it
 * is acknowledged (decision 074). `wal_sync_method=fsync` because fdatasync, PostgreSQL's default
 * on Linux, is a no-op in PGlite's WebAssembly build; only fsync reaches the file system.
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

type TStreamOps = { fsync?: (stream: { nfd: number }) => number };

let diskSyncs = 0;

/** Disk syncs the durable file systems of this thread have made (one or more per commit). */
export function diskSyncCount(): number {
  return diskSyncs;
}

export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const syncToDisk = (module: { NODEFS?: { stream_ops?: TStreamOps } }) => {
      const streamOps = module.NODEFS?.stream_ops;
      // Fail the start rather than run without durable commits should a PGlite update move this.
      if (!streamOps) throw new Error('PGlite no longer exposes NODEFS.stream_ops; commits would not be durable.');
      streamOps.fsync = (stream) => {
        fs.fdatasyncSync(stream.nfd);
        diskSyncs++;
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), syncToDisk] } };
  }
}
