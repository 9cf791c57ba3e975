import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DEFAULT_EPT_OPTIONS } from './ept-writer.ts';
import { convertFileToEpt, TREE_EXTENSIONS } from './open-point-source.ts';
import { UnreadablePointCloudError } from './point-source.ts';

/**
 * The contained child that turns one point cloud into an EPT tree (decisions 171, 226 and 244):
 * the file's bytes on stdin, copied to `<work dir>/source.<extension>` (the tree is built in two or
 * three passes over it), the tree written to `<work dir>/ept`. The reader is picked by the file's
 * first bytes (LAS, LAZ, PLY, E57). Started by the point-tree worker through `runContained`, which
 * holds its time and memory limits; it holds no database or bucket access, so the worker stores
 * the tree once the child has exited.
 *
 * Its stdout is one JSON object a line: `{"progress":0.4}` now and then, then
 * `{"done":{...summary, "maxRssMb"}}`.
 *
 *   node point-tree-process.ts <work dir> [extension]
 */

const EXIT_UNREADABLE = 1;

const workDir = process.argv[2];
if (!workDir) {
  process.stderr.write('usage: point-tree-process.ts <work dir> [extension]\n');
  process.exit(2);
}
const named = (process.argv[3] ?? 'las').toLowerCase();
const extension = (TREE_EXTENSIONS as readonly string[]).includes(named) ? named : 'bin';

const line = (value: unknown) =>
  new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(value)}\n`, () => resolve()));

try {
  const source = path.join(workDir, `source.${extension}`);
  await pipeline(process.stdin, createWriteStream(source));
  let shown = -1;
  const summary = await convertFileToEpt(
    source,
    path.join(workDir, 'ept'),
    {
      ...DEFAULT_EPT_OPTIONS,
      onProgress(done) {
        // Whole per cents only: the worker records each one it hears.
        const percent = Math.floor(done * 100);
        if (percent === shown) return;
        shown = percent;
        process.stdout.write(`${JSON.stringify({ progress: done })}\n`);
      },
    },
    extension,
  );
  await line({ done: { ...summary, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) } });
  process.exit(0);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message.split('\n')[0]}\n`);
  process.exit(error instanceof UnreadablePointCloudError ? EXIT_UNREADABLE : 3);
}
