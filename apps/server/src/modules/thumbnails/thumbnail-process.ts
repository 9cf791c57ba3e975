import { CONTAINED_EXIT } from '../../lib/contained-process.ts';
import { makeThumbnail, PixelLimitError } from './thumbnail-maker.ts';

/**
 * The contained child that makes one thumbnail (decision 171): the file's bytes on stdin, the
 * WebP on stdout, then it exits. Started by the thumbnail worker through `runContained`, which
 * holds its time, memory and output limits; the pixel limits are the maker's own.
 *
 *   node thumbnail-process.ts <file name>
 */

const fileName = process.argv[2] ?? '';
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);

try {
  const thumbnail = await makeThumbnail(Buffer.concat(chunks), fileName);
  if (!thumbnail) {
    process.stderr.write(`no thumbnail is made of ${fileName}\n`);
    process.exit(1);
  }
  process.stdout.write(thumbnail, () => process.exit(0));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message.split('\n')[0]}\n`);
  process.exit(error instanceof PixelLimitError ? CONTAINED_EXIT.pixelLimit : 1);
}
