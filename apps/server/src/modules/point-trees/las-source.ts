import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import {
  LAS_HEADER_BYTES,
  MIN_RECORD_LENGTH_BY_FORMAT,
  parseLasHeader,
  type TLasHeader,
} from '@spacecapture/shared/point-formats/las-header';
import {
  chunkTableOffset,
  decodeChunk,
  decodeChunkTable,
  findLaszipVlr,
  lazPerfDecodes,
  type TLazChunk,
  type TLazPerf,
  VARIABLE_CHUNK_SIZE,
} from '@spacecapture/shared/point-formats/laz-chunks';
import {
  allocateBatch,
  BATCH_POINTS,
  type TPointBatch,
  type TPointSource,
  UnreadablePointCloudError,
} from './point-source.ts';

/**
 * LAS and LAZ readers (decisions 226 and 244). Both read the public header (ASPRS R15, table 3,
 * parsed by the code the viewer uses too) and keep the file's scale and offset, so the tree stores
 * the same integers. LAS records are streamed from the file; LAZ chunks are read one at a time
 * through the chunk table and decoded by laz-perf's ChunkDecoder (WebAssembly, the build the viewer
 * uses), so neither holds the file.
 */

/** The header, with where a record of its format keeps the classification. */
type TLasRecords = TLasHeader & { classificationAt: number; classificationMask: number };

/** A chunk table larger than this is not one (a 1 B-point file's is well under a megabyte). */
const CHUNK_TABLE_MAX_BYTES = 16 * 1024 * 1024;

/** The header, refused with a sentence when the converter cannot rely on it. */
function readLasHeader(head: Uint8Array): TLasRecords {
  let header: TLasHeader;
  try {
    header = parseLasHeader(head);
  } catch (error) {
    throw new UnreadablePointCloudError(error instanceof Error ? error.message : String(error));
  }
  const { pointFormat, recordLength } = header;
  if (recordLength < MIN_RECORD_LENGTH_BY_FORMAT[pointFormat]!) {
    throw new UnreadablePointCloudError(
      `LAS records of ${recordLength} bytes are too short for format ${pointFormat}.`,
    );
  }
  if (!header.scale.every((value) => Number.isFinite(value) && value > 0)) {
    throw new UnreadablePointCloudError('The LAS header states a scale that is not a positive number.');
  }
  return {
    ...header,
    classificationAt: pointFormat >= 6 ? 16 : 15,
    classificationMask: pointFormat >= 6 ? 0xff : 0x1f,
  };
}

/** Decodes `count` records of `records` from `at` into the batch, from its point `into` on. */
function decodeRecords(
  header: TLasRecords,
  records: DataView,
  at: number,
  count: number,
  batch: TPointBatch,
  into: number,
) {
  const { recordLength, classificationAt, classificationMask } = header;
  // Colour is read only when the batch has it, that is when the format does.
  const colorOffset = header.colorOffset ?? 0;
  const [sx, sy, sz] = header.scale;
  const [ox, oy, oz] = header.offset;
  const { xyz, rgb } = batch;
  const intensity = batch.intensity as Uint16Array;
  const classification = batch.classification as Uint8Array;
  for (let i = 0; i < count; i++, at += recordLength) {
    const p = into + i;
    xyz[p * 3] = records.getInt32(at, true) * sx + ox;
    xyz[p * 3 + 1] = records.getInt32(at + 4, true) * sy + oy;
    xyz[p * 3 + 2] = records.getInt32(at + 8, true) * sz + oz;
    intensity[p] = records.getUint16(at + 12, true);
    classification[p] = records.getUint8(at + classificationAt) & classificationMask;
    if (rgb) {
      rgb[p * 3] = records.getUint16(at + colorOffset, true);
      rgb[p * 3 + 1] = records.getUint16(at + colorOffset + 2, true);
      rgb[p * 3 + 2] = records.getUint16(at + colorOffset + 4, true);
    }
  }
}

/** The part of LAS and LAZ sources that is the header's. */
function sourceOf(header: TLasRecords, format: string) {
  return {
    format,
    pointCount: header.pointCount,
    bounds: { min: header.min, max: header.max },
    storage: { scale: header.scale, offset: header.offset },
    hasColor: header.colorOffset !== null,
    intensityRange: [0, 65_535] as [number, number],
  };
}

/** Hands records over in batches, whatever size of pieces they come in. */
function batcher(header: TLasRecords, onBatch: (batch: TPointBatch) => void | Promise<void>) {
  const batch = allocateBatch({ intensity: 'uint16', classification: true, color: header.colorOffset !== null });
  return async (records: DataView, count: number) => {
    for (let first = 0; first < count; first += BATCH_POINTS) {
      const n = Math.min(BATCH_POINTS, count - first);
      decodeRecords(header, records, first * header.recordLength, n, batch, 0);
      batch.count = n;
      await onBatch(batch);
    }
  };
}

export async function readHead(file: string, bytes: number) {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function openLasSource(file: string): Promise<TPointSource> {
  const header = readLasHeader(await readHead(file, LAS_HEADER_BYTES));
  if (header.compressed) return openLazSource(file, header);
  if (header.pointCount === 0) throw new UnreadablePointCloudError('The LAS file holds no points.');
  return {
    ...sourceOf(header, 'LAS'),
    async read(onBatch) {
      const { recordLength, pointDataOffset, pointCount } = header;
      const hand = batcher(header, onBatch);
      const end = pointDataOffset + pointCount * recordLength - 1;
      const stream = createReadStream(file, { start: pointDataOffset, end, highWaterMark: 4 * 1024 * 1024 });
      let carry: Buffer | null = null;
      let seen = 0;
      for await (const piece of stream) {
        const chunk: Buffer = carry ? Buffer.concat([carry, piece as Buffer]) : (piece as Buffer);
        const whole = Math.floor(chunk.length / recordLength);
        if (whole > 0) await hand(new DataView(chunk.buffer, chunk.byteOffset, chunk.length), whole);
        seen += whole;
        const rest = chunk.length - whole * recordLength;
        carry = rest > 0 ? Buffer.from(chunk.subarray(chunk.length - rest)) : null;
      }
      if (seen !== pointCount) {
        throw new UnreadablePointCloudError(`The LAS header states ${pointCount} points, but the file holds ${seen}.`);
      }
    },
  };
}

let lazPerf: Promise<TLazPerf> | null = null;

/** laz-perf's Node build and its WebAssembly, loaded only when a LAZ file is read. */
function loadLazPerf(): Promise<TLazPerf> {
  lazPerf ??= import('laz-perf').then(({ createLazPerf }) => createLazPerf() as Promise<TLazPerf>);
  return lazPerf;
}

async function openLazSource(file: string, header: TLasRecords): Promise<TPointSource> {
  if (!lazPerfDecodes(header.pointFormat)) {
    throw new UnreadablePointCloudError(
      `LAZ point format ${header.pointFormat} (with waveforms) is not converted for streaming.`,
    );
  }
  if (header.pointCount === 0) throw new UnreadablePointCloudError('The LAZ file holds no points.');
  const vlr = findLaszipVlr(await readHead(file, header.pointDataOffset + 8));
  if (!vlr) throw new UnreadablePointCloudError('The LAZ file has no LASzip description (its "laszip encoded" VLR).');
  if (vlr.compressor !== 2 && vlr.compressor !== 3) {
    throw new UnreadablePointCloudError(
      'The LAZ file is compressed without chunks (LASzip 1.x pointwise); re-save it with a current LASzip to convert it.',
    );
  }
  if (vlr.chunkSize === 0) throw new UnreadablePointCloudError('The LAZ file states chunks of no points.');
  const handle = await open(file, 'r');
  let chunks: TLazChunk[];
  try {
    const size = (await handle.stat()).size;
    const offsetBytes = Buffer.alloc(8);
    await handle.read(offsetBytes, 0, 8, header.pointDataOffset);
    const tableOffset = chunkTableOffset(offsetBytes, header.pointDataOffset, size);
    if (tableOffset === null) {
      throw new UnreadablePointCloudError(
        'The LAZ file has no chunk table (its writer could not go back to add one), so it cannot be read by parts.',
      );
    }
    const table = Buffer.alloc(Math.min(size - tableOffset, CHUNK_TABLE_MAX_BYTES));
    await handle.read(table, 0, table.length, tableOffset);
    try {
      chunks = decodeChunkTable(table, tableOffset, header, vlr.chunkSize);
    } catch (error) {
      throw new UnreadablePointCloudError(error instanceof Error ? error.message : String(error));
    }
  } finally {
    await handle.close();
  }
  if (vlr.chunkSize !== VARIABLE_CHUNK_SIZE && vlr.chunkSize > 10_000_000) {
    throw new UnreadablePointCloudError(`The LAZ file's chunks of ${vlr.chunkSize} points are too large to decode.`);
  }
  return {
    ...sourceOf(header, 'LAZ'),
    costlyToRead: true,
    async read(onBatch) {
      const laz = await loadLazPerf();
      const hand = batcher(header, onBatch);
      const input = await open(file, 'r');
      try {
        for (const chunk of chunks) {
          const length = chunk.end - chunk.start + 1;
          const bytes = Buffer.alloc(length);
          const { bytesRead } = await input.read(bytes, 0, length, chunk.start);
          if (bytesRead !== length) throw new UnreadablePointCloudError('The LAZ file is cut short.');
          let records: Uint8Array;
          try {
            records = decodeChunk(laz, bytes, header, chunk.count);
          } catch (error) {
            throw new UnreadablePointCloudError(
              `A LAZ chunk could not be decoded: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
          await hand(new DataView(records.buffer, records.byteOffset, records.length), chunk.count);
        }
      } finally {
        await input.close();
      }
    },
  };
}
