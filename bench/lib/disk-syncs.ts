import fs from 'node:fs';

/**
 * Counts the disk syncs of this process (the embedded database's commits each wait for one), so
 * a bench can say how many a request costs. Counting wraps the fs functions once; it adds nothing
 * measurable to a call that waits for the disk.
 */
let syncs = 0;
let installed = false;

export function countDiskSyncs(): () => number {
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
  return () => syncs - start;
}
