import fs from 'node:fs';
import type { TDatabaseHandle } from '@spacecapture/db/client';

/**
 * Counts the disk syncs of this process (the embedded database's commits each wait for one), so
 * a bench can say how many a request costs. Counting wraps the fs functions once; it adds nothing
 * measurable to a call that waits for the disk.
 */
let syncs = 0;
let installed = false;

export async function countDiskSyncs(database?: TDatabaseHandle): Promise<() => Promise<number>> {
  // The embedded database syncs in its own thread (decision 110) and counts there.
  const diskSyncs = database?.diskSyncs?.bind(database);
  if (diskSyncs) {
    const before = await diskSyncs();
    return async () => (await diskSyncs()) - before;
  }
  if (!installed) {
    installed = true;
    for (const name of ['fsyncSync', 'fdatasyncSync'] as const) {
      const original = fs[name];
      fs[name] = (fd: number) => {
        syncs++;
        original(fd);
      };
    }
  }
  const start = syncs;
  return async () => syncs - start;
}
