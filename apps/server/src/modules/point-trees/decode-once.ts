import { type FileHandle, open, rm } from 'node:fs/promises';
import { BATCH_POINTS, type TPointBatch, type TPointSource } from './point-source.ts';

/**
 * A source whose reading is costly (LAZ: every chunk through laz-perf) read once only (decision
 * 244): the first reading hands its batches over as usual and writes each one to a spill file
 * meanwhile; every later reading streams that file back instead of decoding again. The spill holds
 * the batches as the source gave them, one block each, its arrays' bytes one after the other:
 *
 *   count (uint32), attributes (uint32: 1 intensity as float64, 2 intensity as uint16,
 *   4 classification, 8 colour), x y z (float64 × 3 × count), intensity, classification (uint8),
 *   red green blue (uint16 × 3 × count)
 *
 * so reading it back is copying bytes into the batch's arrays, with no work per point. It costs
 * disk: about 33 bytes a point for LAS-like points with colour, near the decoded records' size.
 * A reading that fails or is cut short leaves no spill behind (the next one decodes again); the
 * caller removes the spill when it is done with the source, whatever the outcome.
 */

const INTENSITY_FLOAT64 = 1;
const INTENSITY_UINT16 = 2;
const CLASSIFICATION = 4;
const COLOR = 8;
const BLOCK_HEADER_BYTES = 8;

const bytesOf = (array: ArrayBufferView, length: number) => new Uint8Array(array.buffer, array.byteOffset, length);

function attributesOf(batch: TPointBatch) {
  let attributes = 0;
  if (batch.intensity instanceof Uint16Array) attributes |= INTENSITY_UINT16;
  else if (batch.intensity) attributes |= INTENSITY_FLOAT64;
  if (batch.classification) attributes |= CLASSIFICATION;
  if (batch.rgb) attributes |= COLOR;
  return attributes;
}

/** Writes one batch as a block at `at`; answers the block's length. */
async function spillBatch(spill: FileHandle, at: number, batch: TPointBatch) {
  const { count } = batch;
  const header = Buffer.alloc(BLOCK_HEADER_BYTES);
  header.writeUInt32LE(count, 0);
  header.writeUInt32LE(attributesOf(batch), 4);
  const parts: Uint8Array[] = [header, bytesOf(batch.xyz, count * 24)];
  if (batch.intensity) parts.push(bytesOf(batch.intensity, count * batch.intensity.BYTES_PER_ELEMENT));
  if (batch.classification) parts.push(bytesOf(batch.classification, count));
  if (batch.rgb) parts.push(bytesOf(batch.rgb, count * 6));
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const { bytesWritten } = await spill.writev(parts, at);
  if (bytesWritten !== length) throw new Error('The spill of decoded points could not be written whole.');
  return length;
}

/** Reads `length` bytes at `at` into `target`, all of them or an error. */
async function readInto(spill: FileHandle, target: Uint8Array, at: number) {
  let done = 0;
  while (done < target.length) {
    const { bytesRead } = await spill.read(target, done, target.length - done, at + done);
    if (bytesRead === 0) throw new Error('The spill of decoded points is cut short.');
    done += bytesRead;
  }
}

/** Streams the spill's blocks back as batches (arrays made once, of the first block's kinds). */
async function readSpill(file: string, onBatch: (batch: TPointBatch) => void | Promise<void>) {
  const spill = await open(file, 'r');
  try {
    const size = (await spill.stat()).size;
    const header = Buffer.alloc(BLOCK_HEADER_BYTES);
    let batch: TPointBatch | null = null;
    for (let at = 0; at < size; ) {
      await readInto(spill, header, at);
      at += BLOCK_HEADER_BYTES;
      const count = header.readUInt32LE(0);
      const attributes = header.readUInt32LE(4);
      if (count > BATCH_POINTS) throw new Error(`A spilled block of ${count} points is larger than a batch.`);
      batch ??= {
        count: 0,
        xyz: new Float64Array(BATCH_POINTS * 3),
        intensity:
          attributes & INTENSITY_UINT16
            ? new Uint16Array(BATCH_POINTS)
            : attributes & INTENSITY_FLOAT64
              ? new Float64Array(BATCH_POINTS)
              : null,
        classification: attributes & CLASSIFICATION ? new Uint8Array(BATCH_POINTS) : null,
        rgb: attributes & COLOR ? new Uint16Array(BATCH_POINTS * 3) : null,
      };
      const parts: Uint8Array[] = [bytesOf(batch.xyz, count * 24)];
      if (batch.intensity) parts.push(bytesOf(batch.intensity, count * batch.intensity.BYTES_PER_ELEMENT));
      if (batch.classification) parts.push(bytesOf(batch.classification, count));
      if (batch.rgb) parts.push(bytesOf(batch.rgb, count * 6));
      for (const part of parts) {
        await readInto(spill, part, at);
        at += part.length;
      }
      batch.count = count;
      await onBatch(batch);
    }
  } finally {
    await spill.close();
  }
}

/**
 * `source` read once: its first complete reading fills `spillFile`, later readings come from it.
 * `remove()` deletes the spill; call it once the conversion is over, failed or not.
 */
export function decodeOnce(source: TPointSource, spillFile: string): { source: TPointSource; remove(): Promise<void> } {
  let spilled = false;
  const remove = () => rm(spillFile, { force: true });
  return {
    source: {
      ...source,
      async read(onBatch) {
        if (spilled) return readSpill(spillFile, onBatch);
        const spill = await open(spillFile, 'w');
        let at = 0;
        try {
          await source.read(async (batch) => {
            at += await spillBatch(spill, at, batch);
            await onBatch(batch);
          });
        } catch (error) {
          await spill.close();
          await remove();
          throw error;
        }
        await spill.close();
        spilled = true;
      },
    },
    remove,
  };
}
