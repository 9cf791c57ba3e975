import { LAS_VLR_HEADER_BYTES, parseLasVlrHeader, type TLasHeader } from './las-header.ts';
import { AC_MIN_LENGTH, BitModel, BM_LENGTH_SHIFT, DM_LENGTH_SHIFT, SymbolModel } from './laszip-models.ts';

/**
 * What a LAZ file says about its chunks: the LASzip VLR (compressor, chunk size) and the chunk
 * table the writer leaves after the points, whose offset is the first 8 bytes of the point data.
 * With both, any chunk can be read on its own and decoded by laz-perf's ChunkDecoder: the viewer
 * fetches chunks by HTTP range, which lets a LAZ file stream with level of detail like a LAS one;
 * the server's point-tree converter reads them from disk one at a time.
 *
 * The chunk table's byte counts are arithmetic-coded (LASzip's integer compressor, 32 bits, two
 * contexts); the small decoder below reads only that, the points are left to laz-perf, which each
 * side loads its own way (the worker build in the browser, the Node build on the server) and hands
 * to `decodeChunk`.
 */

/** The part of laz-perf's module the chunk decoding uses (its typings name the rest). */
export type TLazPerf = {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  ChunkDecoder: new () => {
    open(pointFormat: number, recordLength: number, pointer: number): void;
    getPoint(pointer: number): void;
    delete(): void;
  };
};

export type TLaszipVlr = {
  /** 1: pointwise, one chunk; 2: pointwise chunked (formats 0–5); 3: layered chunked (formats 6–10). */
  compressor: number;
  /** Points per chunk; 0xFFFFFFFF marks variable-size chunks. */
  chunkSize: number;
  items: Array<{ type: number; size: number; version: number }>;
};

/** A chunk's points (from `firstPoint` in the file) and its bytes, `start` to `end` inclusive. */
export type TLazChunk = { index: number; firstPoint: number; count: number; start: number; end: number };

/** Point formats laz-perf 0.0.7 decodes (it has no decompressor for the wave packets of 4, 5, 9, 10). */
const LAZ_PERF_FORMATS = new Set([0, 1, 2, 3, 6, 7, 8]);

/** Whether laz-perf, which the viewer and the server both decode LAZ points with, reads this point format. */
export function lazPerfDecodes(pointFormat: number): boolean {
  return LAZ_PERF_FORMATS.has(pointFormat);
}

export const VARIABLE_CHUNK_SIZE = 0xffffffff;
const LASZIP_USER_ID = 'laszip encoded';
const LASZIP_RECORD_ID = 22204;

/** The LASzip VLR among the VLRs after the header, or null when `head` holds none. */
export function findLaszipVlr(head: Uint8Array): TLaszipVlr | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (head.length < 227) return null;
  const headerSize = view.getUint16(94, true);
  const vlrCount = view.getUint32(100, true);
  let at = headerSize;
  for (let index = 0; index < vlrCount && at + LAS_VLR_HEADER_BYTES <= head.length; index += 1) {
    const { userId, recordId, bodyLength } = parseLasVlrHeader(head.subarray(at, at + LAS_VLR_HEADER_BYTES));
    const payload = at + LAS_VLR_HEADER_BYTES;
    if (userId === LASZIP_USER_ID && recordId === LASZIP_RECORD_ID && payload + 34 <= head.length) {
      const itemCount = view.getUint16(payload + 32, true);
      const items = [];
      for (let item = 0; item < itemCount && payload + 40 + item * 6 <= head.length; item += 1) {
        const itemAt = payload + 34 + item * 6;
        items.push({
          type: view.getUint16(itemAt, true),
          size: view.getUint16(itemAt + 2, true),
          version: view.getUint16(itemAt + 4, true),
        });
      }
      return { compressor: view.getUint16(payload, true), chunkSize: view.getUint32(payload + 12, true), items };
    }
    at = payload + bodyLength;
  }
  return null;
}

/**
 * The chunk table's offset from the 8 bytes that start the point data, or null when there is none: a
 * writer that could not go back leaves -1 there, and an offset outside the file is no table
 * either. `fileSize` 0 means the size is unknown.
 */
export function chunkTableOffset(offsetBytes: Uint8Array, pointDataOffset: number, fileSize: number): number | null {
  if (offsetBytes.length !== 8) return null;
  const offset = Number(new DataView(offsetBytes.buffer, offsetBytes.byteOffset, 8).getBigInt64(0, true));
  if (offset <= pointDataOffset + 8 || (fileSize > 0 && offset + 8 > fileSize)) return null;
  return offset;
}

class ArithmeticDecoder {
  private readonly bytes: Uint8Array;
  private at: number;
  private value: number;
  private length = 0xffffffff;

  constructor(bytes: Uint8Array, at: number) {
    this.bytes = bytes;
    this.at = at;
    this.value = ((this.next() << 24) | (this.next() << 16) | (this.next() << 8) | this.next()) >>> 0;
  }

  private next(): number {
    if (this.at >= this.bytes.length) throw new Error('The LAZ chunk table is cut short.');
    const byte = this.bytes[this.at]!;
    this.at += 1;
    return byte;
  }

  private renormalise() {
    do {
      this.value = ((this.value << 8) | this.next()) >>> 0;
      this.length = (this.length << 8) >>> 0;
    } while (this.length < AC_MIN_LENGTH);
  }

  decodeBit(model: BitModel): number {
    const x = (model.bit0Prob * (this.length >>> BM_LENGTH_SHIFT)) >>> 0;
    const bit = this.value >= x ? 1 : 0;
    if (bit === 0) {
      this.length = x;
      model.bit0Count += 1;
    } else {
      this.value = (this.value - x) >>> 0;
      this.length = (this.length - x) >>> 0;
    }
    if (this.length < AC_MIN_LENGTH) this.renormalise();
    model.untilUpdate -= 1;
    if (model.untilUpdate === 0) model.update();
    return bit;
  }

  decodeSymbol(model: SymbolModel): number {
    let upper = this.length;
    let lower = 0;
    let symbol = 0;
    this.length = this.length >>> DM_LENGTH_SHIFT;
    let n = model.symbols;
    let k = n >> 1;
    do {
      const z = (this.length * model.distribution[k]!) >>> 0;
      if (z > this.value) {
        n = k;
        upper = z;
      } else {
        symbol = k;
        lower = z;
      }
      k = (symbol + n) >> 1;
    } while (k !== symbol);
    this.value = (this.value - lower) >>> 0;
    this.length = (upper - lower) >>> 0;
    if (this.length < AC_MIN_LENGTH) this.renormalise();
    model.counts[symbol] = model.counts[symbol]! + 1;
    model.untilUpdate -= 1;
    if (model.untilUpdate === 0) model.update();
    return symbol;
  }

  readBits(bits: number): number {
    if (bits > 19) {
      const low = this.readBits(16);
      return ((this.readBits(bits - 16) << 16) | low) >>> 0;
    }
    this.length = this.length >>> bits;
    const value = Math.floor(this.value / this.length);
    this.value = (this.value - value * this.length) >>> 0;
    if (this.length < AC_MIN_LENGTH) this.renormalise();
    return value;
  }
}

/** LASzip's integer decompressor for 32-bit values (the only width the chunk table uses). */
class IntegerDecompressor32 {
  private readonly bitsModels: SymbolModel[];
  private readonly corrector0 = new BitModel();
  private readonly correctors: SymbolModel[] = [];

  constructor(contexts: number) {
    this.bitsModels = Array.from({ length: contexts }, () => new SymbolModel(33));
    for (let i = 1; i <= 32; i += 1) this.correctors.push(new SymbolModel(i <= 8 ? 1 << i : 1 << 8));
  }

  decompress(decoder: ArithmeticDecoder, predicted: number, context: number): number {
    const k = decoder.decodeSymbol(this.bitsModels[context]!);
    let corrector: number;
    if (k === 0) corrector = decoder.decodeBit(this.corrector0);
    else if (k === 32) corrector = -(2 ** 31);
    else {
      if (k <= 8) corrector = decoder.decodeSymbol(this.correctors[k - 1]!);
      else {
        const lowBits = k - 8;
        const high = decoder.decodeSymbol(this.correctors[k - 1]!);
        corrector = high * 2 ** lowBits + decoder.readBits(lowBits);
      }
      corrector = corrector >= 2 ** (k - 1) ? corrector + 1 : corrector - (2 ** k - 1);
    }
    return (predicted + corrector) | 0;
  }
}

/**
 * Decodes the chunk table at `tableOffset` of the file: `table` holds its bytes (version, count,
 * coded counts). With fixed-size chunks the last one holds what is left of `pointCount`; with
 * variable-size chunks (COPC files have them) the table states each chunk's points too.
 */
export function decodeChunkTable(
  table: Uint8Array,
  tableOffset: number,
  header: Pick<TLasHeader, 'pointDataOffset' | 'pointCount'>,
  chunkSize: number,
): TLazChunk[] {
  if (table.length < 8) throw new Error('The LAZ chunk table is cut short.');
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  if (view.getUint32(0, true) !== 0) throw new Error('The LAZ chunk table has an unknown version.');
  const count = view.getUint32(4, true);
  const chunks: TLazChunk[] = [];
  if (count === 0) return chunks;
  const decoder = new ArithmeticDecoder(table, 8);
  const counts = new IntegerDecompressor32(2);
  const variable = chunkSize === VARIABLE_CHUNK_SIZE;
  let start = header.pointDataOffset + 8;
  let previousPoints = 0;
  let previousBytes = 0;
  let firstPoint = 0;
  for (let index = 0; index < count; index += 1) {
    let points = Math.min(chunkSize, header.pointCount - firstPoint);
    if (variable) {
      points = counts.decompress(decoder, previousPoints, 0) >>> 0;
      previousPoints = points;
    }
    const bytes = counts.decompress(decoder, previousBytes, 1) >>> 0;
    previousBytes = bytes;
    if (points <= 0 || bytes === 0 || start + bytes > tableOffset) {
      throw new Error('The LAZ chunk table does not match the points.');
    }
    chunks.push({ index, firstPoint, count: points, start, end: start + bytes - 1 });
    start += bytes;
    firstPoint += points;
  }
  if (firstPoint !== header.pointCount) throw new Error('The LAZ chunk table does not cover every point.');
  return chunks;
}

/** Decodes the first `count` records of one chunk (its bytes) into LAS point records. */
export function decodeChunk(
  lazPerf: TLazPerf,
  bytes: Uint8Array,
  header: Pick<TLasHeader, 'pointFormat' | 'recordLength'>,
  count: number,
): Uint8Array {
  const input = lazPerf._malloc(bytes.length);
  const output = lazPerf._malloc(count * header.recordLength);
  const decoder = new lazPerf.ChunkDecoder();
  try {
    lazPerf.HEAPU8.set(bytes, input);
    decoder.open(header.pointFormat, header.recordLength, input);
    // Records straight into one buffer of the WebAssembly heap, copied out once at the end.
    for (let index = 0; index < count; index += 1) decoder.getPoint(output + index * header.recordLength);
    // HEAPU8 is read afresh: the heap may have grown (and its buffer been replaced) meanwhile.
    return lazPerf.HEAPU8.slice(output, output + count * header.recordLength);
  } finally {
    decoder.delete();
    lazPerf._free(input);
    lazPerf._free(output);
  }
}
