/**
 * The LASzip parts the LAZ reader needs besides laz-perf (decision 244): the "laszip encoded" VLR
 * (compressor, chunk size) and the chunk table the writer leaves after the points, whose offset is
 * the first 8 bytes of the point data. With both, each chunk is read and decoded on its own by
 * laz-perf's ChunkDecoder, so a file of any size is decoded a chunk at a time.
 *
 * The chunk table's counts are arithmetic-coded (LASzip's integer compressor, 32 bits, two
 * contexts). This mirrors the viewer's decoder (apps/web …/point-cloud/lib/laz-chunks.ts and
 * laszip-models.ts): the server cannot import the web app, and the two read the same bytes.
 * The names follow the format's description.
 */

const AC_MIN_LENGTH = 0x01000000;
const BM_LENGTH_SHIFT = 13;
const BM_MAX_COUNT = 1 << BM_LENGTH_SHIFT;
const DM_LENGTH_SHIFT = 15;
const DM_MAX_COUNT = 1 << DM_LENGTH_SHIFT;

class SymbolModel {
  readonly distribution: Uint32Array;
  readonly counts: Uint32Array;
  readonly symbols: number;
  totalCount = 0;
  updateCycle: number;
  untilUpdate = 0;

  constructor(symbols: number) {
    this.symbols = symbols;
    this.distribution = new Uint32Array(symbols);
    this.counts = new Uint32Array(symbols).fill(1);
    this.updateCycle = symbols;
    this.update();
    this.updateCycle = (symbols + 6) >> 1;
    this.untilUpdate = this.updateCycle;
  }

  update() {
    this.totalCount += this.updateCycle;
    if (this.totalCount > DM_MAX_COUNT) {
      this.totalCount = 0;
      for (let n = 0; n < this.symbols; n += 1) {
        this.counts[n] = (this.counts[n]! + 1) >>> 1;
        this.totalCount += this.counts[n]!;
      }
    }
    const scale = Math.floor(0x80000000 / this.totalCount);
    let sum = 0;
    for (let k = 0; k < this.symbols; k += 1) {
      this.distribution[k] = Math.imul(scale, sum) >>> (31 - DM_LENGTH_SHIFT);
      sum += this.counts[k]!;
    }
    this.updateCycle = Math.min((5 * this.updateCycle) >> 2, (this.symbols + 6) << 3);
    this.untilUpdate = this.updateCycle;
  }
}

class BitModel {
  bit0Count = 1;
  bitCount = 2;
  bit0Prob = 1 << (BM_LENGTH_SHIFT - 1);
  updateCycle = 4;
  untilUpdate = 4;

  update() {
    this.bitCount += this.updateCycle;
    if (this.bitCount > BM_MAX_COUNT) {
      this.bitCount = (this.bitCount + 1) >>> 1;
      this.bit0Count = (this.bit0Count + 1) >>> 1;
      if (this.bit0Count === this.bitCount) this.bitCount += 1;
    }
    this.bit0Prob = Math.imul(this.bit0Count, Math.floor(0x80000000 / this.bitCount)) >>> (31 - BM_LENGTH_SHIFT);
    this.updateCycle = Math.min((5 * this.updateCycle) >> 2, 64);
    this.untilUpdate = this.updateCycle;
  }
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

export type TLaszipVlr = {
  /** 1: pointwise, one chunk; 2: pointwise chunked (formats 0–5); 3: layered chunked (6–10). */
  compressor: number;
  /** Points per chunk; 0xFFFFFFFF marks variable-size chunks. */
  chunkSize: number;
};

export type TLazChunk = { count: number; start: number; bytes: number };

export const VARIABLE_CHUNK_SIZE = 0xffffffff;

/** The LASzip VLR among the VLRs after the header, or null when `head` holds none. */
export function findLaszipVlr(head: Buffer): TLaszipVlr | null {
  if (head.length < 227) return null;
  const headerSize = head.readUInt16LE(94);
  const vlrCount = head.readUInt32LE(100);
  let at = headerSize;
  for (let index = 0; index < vlrCount && at + 54 <= head.length; index += 1) {
    const userId = head.toString('latin1', at + 2, at + 18).replace(/\0.*$/s, '');
    const recordId = head.readUInt16LE(at + 18);
    const length = head.readUInt16LE(at + 20);
    const payload = at + 54;
    if (userId === 'laszip encoded' && recordId === 22204 && payload + 16 <= head.length) {
      return { compressor: head.readUInt16LE(payload), chunkSize: head.readUInt32LE(payload + 12) };
    }
    at = payload + length;
  }
  return null;
}

/**
 * Decodes the chunk table at `tableOffset`: `table` holds its bytes (version, count, coded counts).
 * Fixed-size chunks hold `chunkSize` points, the last what is left; variable-size chunks (COPC
 * files have them) state their points in the table too.
 */
export function decodeChunkTable(
  table: Buffer,
  tableOffset: number,
  pointDataOffset: number,
  pointCount: number,
  chunkSize: number,
): TLazChunk[] {
  if (table.length < 8) throw new Error('The LAZ chunk table is cut short.');
  if (table.readUInt32LE(0) !== 0) throw new Error('The LAZ chunk table has an unknown version.');
  const count = table.readUInt32LE(4);
  const chunks: TLazChunk[] = [];
  if (count === 0) return chunks;
  const decoder = new ArithmeticDecoder(table, 8);
  const counts = new IntegerDecompressor32(2);
  const variable = chunkSize === VARIABLE_CHUNK_SIZE;
  let start = pointDataOffset + 8;
  let previousPoints = 0;
  let previousBytes = 0;
  let firstPoint = 0;
  for (let index = 0; index < count; index += 1) {
    let points = Math.min(chunkSize, pointCount - firstPoint);
    if (variable) {
      points = counts.decompress(decoder, previousPoints, 0) >>> 0;
      previousPoints = points;
    }
    const bytes = counts.decompress(decoder, previousBytes, 1) >>> 0;
    previousBytes = bytes;
    if (points <= 0 || bytes === 0 || start + bytes > tableOffset) {
      throw new Error('The LAZ chunk table does not match the points.');
    }
    chunks.push({ count: points, start, bytes });
    start += bytes;
    firstPoint += points;
  }
  if (firstPoint !== pointCount) throw new Error('The LAZ chunk table does not cover every point.');
  return chunks;
}
