import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MAX_IMAGE_PIXELS } from '../thumbnails/thumbnail-maker.ts';
import {
  inspectE57,
  inspectGlb,
  inspectGltf,
  inspectLas,
  inspectMp4,
  inspectObj,
  inspectorOf,
  inspectPly,
  type TFileReader,
  type TInspection,
  UnparsableFileError,
} from './file-inspectors.ts';

/**
 * The contained child that checks one delivered file (decision 236): the file's bytes on stdin,
 * copied to `<work dir>/source` so its readers can seek (a point cloud's header, an MP4's movie
 * box at its end), and one JSON line on stdout: `{ kind, facts, failures, warnings }`. A file that
 * does not parse is an answer too (a failure with its reason); only a crash or a limit gives none.
 * Started by the quality-check worker through `runContained`, which holds its limits.
 *
 *   node quality-check-process.ts <work dir> <file name>
 */

/** A PDF is read whole by pdf.js; past this it is not (its pages are left uncounted, with a warning). */
const MAX_PDF_BYTES = 256 * 1024 * 1024;

const [workDir, fileName = ''] = process.argv.slice(2);
if (!workDir) {
  process.stderr.write('usage: quality-check-process.ts <work dir> <file name>\n');
  process.exit(2);
}

async function inspectPdf(reader: TFileReader): Promise<TInspection> {
  const result: TInspection = { kind: 'plan', facts: { format: 'PDF' }, failures: [], warnings: [] };
  if (reader.size > MAX_PDF_BYTES) {
    result.warnings.push({ code: 'not_counted', message: 'The PDF is over 256 MB, so its pages were not counted.' });
    return result;
  }
  const head = await reader.read(0, 5);
  if (head.toString('latin1') !== '%PDF-')
    throw new UnparsableFileError('This is not a PDF: it does not begin with "%PDF-".');
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = getDocument({ data: new Uint8Array(await reader.read(0, reader.size)), verbosity: 0 });
  try {
    const document = await loading.promise;
    result.facts.pages = document.numPages;
    if (document.numPages === 0) result.failures.push({ code: 'empty', message: 'The PDF has no pages.' });
  } catch (error) {
    throw new UnparsableFileError(`The PDF does not open: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await loading.destroy();
  }
  return result;
}

async function inspectImage(file: string): Promise<TInspection> {
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).metadata();
    // The pixels are decoded too: a header over a cut-short body is not a readable image.
    await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).stats();
    return {
      kind: 'image',
      facts: { format: meta.format?.toUpperCase(), width: meta.width, height: meta.height },
      failures: [],
      warnings: [],
    };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UnparsableFileError(`The image does not open: ${message}`);
  }
}

const READERS: Record<string, (reader: TFileReader, file: string) => Promise<TInspection>> = {
  las: inspectLas,
  ply: inspectPly,
  e57: inspectE57,
  glb: inspectGlb,
  gltf: inspectGltf,
  obj: inspectObj,
  mp4: inspectMp4,
  pdf: inspectPdf,
  image: (_reader, file) => inspectImage(file),
};

const source = path.join(workDir, 'source');
await pipeline(process.stdin, createWriteStream(source));
const handle = await open(source, 'r');
const { size } = await handle.stat();
const reader: TFileReader = {
  size,
  async read(offset, length) {
    const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
    if (buffer.length > 0) await handle.read(buffer, 0, buffer.length, offset);
    return buffer;
  },
};

const { kind, inspect } = inspectorOf(fileName);
let answer: TInspection;
try {
  answer = inspect ? await READERS[inspect]!(reader, source) : { kind, facts: {}, failures: [], warnings: [] };
  if (size === 0) answer.failures.push({ code: 'empty', message: 'The file is empty.' });
} catch (error) {
  if (!(error instanceof UnparsableFileError)) {
    process.stderr.write(`${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
    process.exit(3);
  }
  answer = { kind, facts: {}, failures: [{ code: 'unreadable', message: error.message }], warnings: [] };
}
await handle.close();
process.stdout.write(`${JSON.stringify(answer)}\n`, () => process.exit(0));
