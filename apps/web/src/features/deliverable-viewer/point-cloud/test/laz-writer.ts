import {
  AC_MAX_LENGTH,
  AC_MIN_LENGTH,
  BitModel,
  BM_LENGTH_SHIFT,
  DM_LENGTH_SHIFT,
  SymbolModel,
} from '@spacecapture/shared/point-formats/laszip-models';
import { type TLasOptions, writeLas } from './point-cloud-fixtures.ts';

/**
 * A LASzip writer for tests and the bench: no LAZ encoder is available here (laz-perf's JavaScript
 * build only decodes), so fixtures are compressed by this one. It writes what LASzip 2.x writes for
 * point formats 0–3: the "laszip encoded" VLR (record 22204), compressor 2 (pointwise, chunked),
 * the item versions 2 of POINT10, GPSTIME11 and RGB12, each chunk's first point raw followed by an
 * arithmetic-coded run, and the chunk table (compressed byte counts) at the end of the points.
 *
 * The coders follow the LASzip format (the arithmetic coder of Amir Said, adaptive models with
 * periodic updates, the integer corrector of k-bit intervals); every step is mirrored by the
 * decoder, so the names below match the format's description rather than this project's style.
 */

/** The arithmetic encoder: 32-bit base and length, bytes out on renormalisation, carries back. */
class ArithmeticEncoder {
  private readonly out: number[] = [];
  private base = 0;
  private length = AC_MAX_LENGTH;

  encodeBit(model: BitModel, bit: number) {
    const x = (model.bit0Prob * (this.length >>> BM_LENGTH_SHIFT)) >>> 0;
    if (bit === 0) {
      this.length = x;
      model.bit0Count += 1;
    } else {
      this.advance(x);
      this.length = (this.length - x) >>> 0;
    }
    if (this.length < AC_MIN_LENGTH) this.renormalise();
    model.untilUpdate -= 1;
    if (model.untilUpdate === 0) model.update();
  }

  encodeSymbol(model: SymbolModel, symbol: number) {
    if (symbol < 0 || symbol > model.symbols - 1) throw new Error(`Symbol ${symbol} outside its model.`);
    if (symbol === model.symbols - 1) {
      const x = (model.distribution[symbol]! * (this.length >>> DM_LENGTH_SHIFT)) >>> 0;
      this.advance(x);
      this.length = (this.length - x) >>> 0;
    } else {
      this.length = this.length >>> DM_LENGTH_SHIFT;
      const x = (model.distribution[symbol]! * this.length) >>> 0;
      this.advance(x);
      this.length = (model.distribution[symbol + 1]! * this.length - x) >>> 0;
    }
    if (this.length < AC_MIN_LENGTH) this.renormalise();
    model.counts[symbol] = model.counts[symbol]! + 1;
    model.untilUpdate -= 1;
    if (model.untilUpdate === 0) model.update();
  }

  writeBits(bits: number, value: number) {
    if (bits > 19) {
      this.writeShort(value & 0xffff);
      value >>>= 16;
      bits -= 16;
    }
    this.length = this.length >>> bits;
    this.advance((value * this.length) >>> 0);
    if (this.length < AC_MIN_LENGTH) this.renormalise();
  }

  writeShort(value: number) {
    this.length = this.length >>> 16;
    this.advance((value * this.length) >>> 0);
    if (this.length < AC_MIN_LENGTH) this.renormalise();
  }

  writeInt(value: number) {
    this.writeShort(value & 0xffff);
    this.writeShort(value >>> 16);
  }

  /** Ends the run: the last bytes of the interval, then the zeros the decoder reads ahead. */
  finish(): Uint8Array {
    const before = this.base;
    let anotherByte = true;
    if (this.length > 2 * AC_MIN_LENGTH) {
      this.base = (this.base + AC_MIN_LENGTH) >>> 0;
      this.length = AC_MIN_LENGTH >>> 1;
    } else {
      this.base = (this.base + (AC_MIN_LENGTH >>> 1)) >>> 0;
      this.length = AC_MIN_LENGTH >>> 9;
      anotherByte = false;
    }
    if (before > this.base) this.propagateCarry();
    this.renormalise();
    this.out.push(0, 0);
    if (anotherByte) this.out.push(0);
    return Uint8Array.from(this.out);
  }

  private advance(x: number) {
    const before = this.base;
    this.base = (this.base + x) >>> 0;
    if (before > this.base) this.propagateCarry();
  }

  private propagateCarry() {
    let at = this.out.length - 1;
    while (this.out[at] === 0xff) {
      this.out[at] = 0;
      at -= 1;
    }
    this.out[at] = this.out[at]! + 1;
  }

  private renormalise() {
    do {
      this.out.push(this.base >>> 24);
      this.base = (this.base << 8) >>> 0;
      this.length = (this.length << 8) >>> 0;
    } while (this.length < AC_MIN_LENGTH);
  }
}

/** Codes an integer as a correction of a prediction, by the k-bit interval it falls in. */
class IntegerCompressor {
  private readonly corrBits: number;
  private readonly corrRange: number;
  private readonly corrMin: number;
  private readonly corrMax: number;
  private readonly bitsModels: SymbolModel[] = [];
  private readonly corrector0 = new BitModel();
  private readonly correctors: SymbolModel[] = [];
  k = 0;

  constructor(bits: number, contexts: number) {
    if (bits > 0 && bits < 32) {
      this.corrBits = bits;
      this.corrRange = 2 ** bits;
      this.corrMin = -(this.corrRange / 2);
      this.corrMax = this.corrMin + this.corrRange - 1;
    } else {
      this.corrBits = 32;
      this.corrRange = 0;
      this.corrMin = -(2 ** 31);
      this.corrMax = 2 ** 31 - 1;
    }
    for (let i = 0; i < contexts; i += 1) this.bitsModels.push(new SymbolModel(this.corrBits + 1));
    for (let i = 1; i <= this.corrBits; i += 1) this.correctors.push(new SymbolModel(i <= 8 ? 1 << i : 1 << 8));
  }

  compress(encoder: ArithmeticEncoder, predicted: number, real: number, context: number) {
    let corr = (real - predicted) | 0;
    if (corr < this.corrMin) corr += this.corrRange;
    else if (corr > this.corrMax) corr -= this.corrRange;
    this.writeCorrector(encoder, corr, this.bitsModels[context]!);
  }

  private writeCorrector(encoder: ArithmeticEncoder, corrector: number, model: SymbolModel) {
    let c = corrector;
    let magnitude = (c <= 0 ? -c : c - 1) >>> 0;
    let k = 0;
    while (magnitude) {
      magnitude >>>= 1;
      k += 1;
    }
    this.k = k;
    encoder.encodeSymbol(model, k);
    if (k === 0) {
      encoder.encodeBit(this.corrector0, c);
      return;
    }
    if (k === 32) return;
    c = c < 0 ? c + 2 ** k - 1 : c - 1;
    if (k <= 8) {
      encoder.encodeSymbol(this.correctors[k - 1]!, c);
    } else {
      const lowBits = k - 8;
      const low = c & ((1 << lowBits) - 1);
      encoder.encodeSymbol(this.correctors[k - 1]!, c >>> lowBits);
      encoder.writeBits(lowBits, low);
    }
  }
}

/** The median of the last five values, kept as LASzip keeps it. */
class StreamingMedian5 {
  private readonly values = [0, 0, 0, 0, 0];
  private high = true;

  add(v: number) {
    const values = this.values;
    if (this.high) {
      if (v < values[2]!) {
        values[4] = values[3]!;
        values[3] = values[2]!;
        if (v < values[0]!) {
          values[2] = values[1]!;
          values[1] = values[0]!;
          values[0] = v;
        } else if (v < values[1]!) {
          values[2] = values[1]!;
          values[1] = v;
        } else values[2] = v;
      } else {
        if (v < values[3]!) {
          values[4] = values[3]!;
          values[3] = v;
        } else values[4] = v;
        this.high = false;
      }
    } else if (values[2]! < v) {
      values[0] = values[1]!;
      values[1] = values[2]!;
      if (values[4]! < v) {
        values[2] = values[3]!;
        values[3] = values[4]!;
        values[4] = v;
      } else if (values[3]! < v) {
        values[2] = values[3]!;
        values[3] = v;
      } else values[2] = v;
    } else {
      if (values[1]! < v) {
        values[0] = values[1]!;
        values[1] = v;
      } else values[0] = v;
      this.high = true;
    }
  }

  get(): number {
    return this.values[2]!;
  }
}

const NUMBER_RETURN_MAP = [
  [15, 14, 13, 12, 11, 10, 9, 8],
  [14, 0, 1, 3, 6, 10, 10, 9],
  [13, 1, 2, 4, 7, 11, 11, 10],
  [12, 3, 4, 5, 8, 12, 12, 11],
  [11, 6, 7, 8, 9, 13, 13, 12],
  [10, 10, 11, 12, 13, 14, 14, 13],
  [9, 10, 11, 12, 13, 14, 15, 14],
  [8, 9, 10, 11, 12, 13, 14, 15],
];
const NUMBER_RETURN_LEVEL = Array.from({ length: 8 }, (_, n) => Array.from({ length: 8 }, (_, r) => Math.abs(n - r)));

const u8Fold = (n: number) => (n + 256) & 0xff;
const u8Clamp = (n: number) => (n <= 0 ? 0 : n >= 255 ? 255 : n);

type TPoint10 = {
  x: number;
  y: number;
  z: number;
  intensity: number;
  bits: number;
  classification: number;
  scanAngle: number;
  userData: number;
  sourceId: number;
};

function readPoint10(view: DataView, at: number): TPoint10 {
  return {
    x: view.getInt32(at, true),
    y: view.getInt32(at + 4, true),
    z: view.getInt32(at + 8, true),
    intensity: view.getUint16(at + 12, true),
    bits: view.getUint8(at + 14),
    classification: view.getUint8(at + 15),
    scanAngle: view.getUint8(at + 16),
    userData: view.getUint8(at + 17),
    sourceId: view.getUint16(at + 18, true),
  };
}

/** POINT10 version 2: x, y, z and the attribute bytes of every LAS 1.0–1.3 record. */
class Point10Compressor {
  private last: TPoint10 | null = null;
  private readonly lastIntensity = new Array<number>(16).fill(0);
  private readonly lastXDiff = Array.from({ length: 16 }, () => new StreamingMedian5());
  private readonly lastYDiff = Array.from({ length: 16 }, () => new StreamingMedian5());
  private readonly lastHeight = new Array<number>(8).fill(0);
  private readonly changedValues = new SymbolModel(64);
  private readonly scanAngle = [new SymbolModel(256), new SymbolModel(256)];
  private readonly bitByte: SymbolModel[] = [];
  private readonly classification: SymbolModel[] = [];
  private readonly userData: SymbolModel[] = [];
  private readonly icIntensity = new IntegerCompressor(16, 4);
  private readonly icSourceId = new IntegerCompressor(16, 1);
  private readonly icDx = new IntegerCompressor(32, 2);
  private readonly icDy = new IntegerCompressor(32, 22);
  private readonly icZ = new IntegerCompressor(32, 20);

  private readonly encoder: ArithmeticEncoder;
  /** Whether any colour differed from the one before (LASzip 3 leaves an unchanged layer out). */
  changed = false;

  constructor(encoder: ArithmeticEncoder) {
    this.encoder = encoder;
  }

  private model(table: SymbolModel[], index: number): SymbolModel {
    table[index] ??= new SymbolModel(256);
    return table[index]!;
  }

  /** Returns false for a chunk's first point, which is stored raw. */
  compress(view: DataView, at: number): boolean {
    const point = readPoint10(view, at);
    const last = this.last;
    this.last = point;
    if (!last) return false;
    const enc = this.encoder;
    const r = point.bits & 7;
    const n = (point.bits >> 3) & 7;
    const m = NUMBER_RETURN_MAP[n]![r]!;
    const l = NUMBER_RETURN_LEVEL[n]![r]!;
    const changed =
      (Number((last.bits & 0xff) !== (point.bits & 0xff)) << 5) |
      (Number(this.lastIntensity[m] !== point.intensity) << 4) |
      (Number(last.classification !== point.classification) << 3) |
      (Number(last.scanAngle !== point.scanAngle) << 2) |
      (Number(last.userData !== point.userData) << 1) |
      Number(last.sourceId !== point.sourceId);
    enc.encodeSymbol(this.changedValues, changed);
    if (changed & 32) enc.encodeSymbol(this.model(this.bitByte, last.bits), point.bits);
    if (changed & 16) {
      this.icIntensity.compress(enc, this.lastIntensity[m]!, point.intensity, m < 3 ? m : 3);
      this.lastIntensity[m] = point.intensity;
    }
    if (changed & 8) enc.encodeSymbol(this.model(this.classification, last.classification), point.classification);
    if (changed & 4) enc.encodeSymbol(this.scanAngle[(point.bits >> 6) & 1]!, u8Fold(point.scanAngle - last.scanAngle));
    if (changed & 2) enc.encodeSymbol(this.model(this.userData, last.userData), point.userData);
    if (changed & 1) this.icSourceId.compress(enc, last.sourceId, point.sourceId, 0);

    const single = n === 1 ? 1 : 0;
    const dx = (point.x - last.x) | 0;
    this.icDx.compress(enc, this.lastXDiff[m]!.get(), dx, single);
    this.lastXDiff[m]!.add(dx);
    let kBits = this.icDx.k;
    const dy = (point.y - last.y) | 0;
    this.icDy.compress(enc, this.lastYDiff[m]!.get(), dy, single + (kBits < 20 ? kBits & ~1 : 20));
    this.lastYDiff[m]!.add(dy);
    kBits = (this.icDx.k + this.icDy.k) >> 1;
    this.icZ.compress(enc, this.lastHeight[l]!, point.z, single + (kBits < 18 ? kBits & ~1 : 18));
    this.lastHeight[l] = point.z;
    return true;
  }
}

const GPSTIME_MULTI = 500;
const GPSTIME_MULTI_MINUS = -10;
const GPSTIME_MULTI_UNCHANGED = GPSTIME_MULTI - GPSTIME_MULTI_MINUS + 1;
const GPSTIME_MULTI_CODE_FULL = GPSTIME_MULTI - GPSTIME_MULTI_MINUS + 2;
const GPSTIME_MULTI_TOTAL = GPSTIME_MULTI - GPSTIME_MULTI_MINUS + 6;

const fitsInt32 = (value: bigint) => value >= -(2n ** 31n) && value < 2n ** 31n;
const quantize = (value: number) => (value >= 0 ? Math.trunc(value + 0.5) : Math.trunc(value - 0.5));

/** GPSTIME11 version 2: the time's 64 bits as an integer, predicted by up to four sequences. */
class GpsTimeCompressor {
  private haveLast = false;
  private readonly lastTime = [0n, 0n, 0n, 0n];
  private readonly lastDiff = [0, 0, 0, 0];
  private readonly extremeCounter = [0, 0, 0, 0];
  private last = 0;
  private next = 0;
  private readonly multiModel = new SymbolModel(GPSTIME_MULTI_TOTAL);
  private readonly zeroDiffModel = new SymbolModel(6);
  private readonly icTime = new IntegerCompressor(32, 9);

  private readonly encoder: ArithmeticEncoder;
  /** Whether any colour differed from the one before (LASzip 3 leaves an unchanged layer out). */
  changed = false;

  constructor(encoder: ArithmeticEncoder) {
    this.encoder = encoder;
  }

  compress(view: DataView, at: number): boolean {
    const time = view.getBigInt64(at, true);
    if (!this.haveLast) {
      this.haveLast = true;
      this.lastTime[0] = time;
      return false;
    }
    this.compressTime(time);
    return true;
  }

  private startSequence(time: bigint, symbolModel: SymbolModel, symbol: number) {
    const enc = this.encoder;
    enc.encodeSymbol(symbolModel, symbol);
    this.icTime.compress(
      enc,
      Number(BigInt.asIntN(32, this.lastTime[this.last]! >> 32n)),
      Number(BigInt.asIntN(32, time >> 32n)),
      8,
    );
    enc.writeInt(Number(BigInt.asUintN(32, time)));
    this.next = (this.next + 1) & 3;
    this.last = this.next;
    this.lastDiff[this.last] = 0;
    this.extremeCounter[this.last] = 0;
  }

  /** Another sequence within 32 bits of `time`, as its distance from the current one (1–3), or 0. */
  private otherSequence(time: bigint): number {
    for (let i = 1; i < 4; i += 1) if (fitsInt32(time - this.lastTime[(this.last + i) & 3]!)) return i;
    return 0;
  }

  private extreme(diff: number) {
    this.extremeCounter[this.last]! += 1;
    if (this.extremeCounter[this.last]! > 3) {
      this.lastDiff[this.last] = diff;
      this.extremeCounter[this.last] = 0;
    }
  }

  private compressTime(time: bigint) {
    const enc = this.encoder;
    const lastTime = this.lastTime[this.last]!;
    const lastDiff = this.lastDiff[this.last]!;
    if (lastDiff === 0) {
      if (time === lastTime) {
        enc.encodeSymbol(this.zeroDiffModel, 0);
        return;
      }
      const diff64 = time - lastTime;
      if (fitsInt32(diff64)) {
        const diff = Number(diff64);
        enc.encodeSymbol(this.zeroDiffModel, 1);
        this.icTime.compress(enc, 0, diff, 0);
        this.lastDiff[this.last] = diff;
        this.extremeCounter[this.last] = 0;
      } else {
        const other = this.otherSequence(time);
        if (other) {
          enc.encodeSymbol(this.zeroDiffModel, other + 2);
          this.last = (this.last + other) & 3;
          this.compressTime(time);
          return;
        }
        this.startSequence(time, this.zeroDiffModel, 2);
      }
      this.lastTime[this.last] = time;
      return;
    }
    if (time === lastTime) {
      enc.encodeSymbol(this.multiModel, GPSTIME_MULTI_UNCHANGED);
      return;
    }
    const diff64 = time - lastTime;
    if (fitsInt32(diff64)) {
      const diff = Number(diff64);
      const multi = quantize(Math.fround(Math.fround(diff) / Math.fround(lastDiff)));
      if (multi === 1) {
        enc.encodeSymbol(this.multiModel, 1);
        this.icTime.compress(enc, lastDiff, diff, 1);
        this.extremeCounter[this.last] = 0;
      } else if (multi > 0) {
        if (multi < GPSTIME_MULTI) {
          enc.encodeSymbol(this.multiModel, multi);
          this.icTime.compress(enc, Math.imul(multi, lastDiff), diff, multi < 10 ? 2 : 3);
        } else {
          enc.encodeSymbol(this.multiModel, GPSTIME_MULTI);
          this.icTime.compress(enc, Math.imul(GPSTIME_MULTI, lastDiff), diff, 4);
          this.extreme(diff);
        }
      } else if (multi < 0) {
        if (multi > GPSTIME_MULTI_MINUS) {
          enc.encodeSymbol(this.multiModel, GPSTIME_MULTI - multi);
          this.icTime.compress(enc, Math.imul(multi, lastDiff), diff, 5);
        } else {
          enc.encodeSymbol(this.multiModel, GPSTIME_MULTI - GPSTIME_MULTI_MINUS);
          this.icTime.compress(enc, Math.imul(GPSTIME_MULTI_MINUS, lastDiff), diff, 6);
          this.extreme(diff);
        }
      } else {
        enc.encodeSymbol(this.multiModel, 0);
        this.icTime.compress(enc, 0, diff, 7);
        this.extreme(diff);
      }
    } else {
      const other = this.otherSequence(time);
      if (other) {
        enc.encodeSymbol(this.multiModel, GPSTIME_MULTI_CODE_FULL + other);
        this.last = (this.last + other) & 3;
        this.compressTime(time);
        return;
      }
      this.startSequence(time, this.multiModel, GPSTIME_MULTI_CODE_FULL);
    }
    this.lastTime[this.last] = time;
  }
}

/** RGB12 version 2: colour bytes as differences, green and blue predicted from red. */
class RgbCompressor {
  private last: [number, number, number] | null = null;
  private readonly byteUsed = new SymbolModel(128);
  private readonly diffs = Array.from({ length: 6 }, () => new SymbolModel(256));

  private readonly encoder: ArithmeticEncoder;
  /** Whether any colour differed from the one before (LASzip 3 leaves an unchanged layer out). */
  changed = false;

  constructor(encoder: ArithmeticEncoder) {
    this.encoder = encoder;
  }

  compress(view: DataView, at: number): boolean {
    const rgb: [number, number, number] = [
      view.getUint16(at, true),
      view.getUint16(at + 2, true),
      view.getUint16(at + 4, true),
    ];
    const last = this.last;
    this.last = rgb;
    if (!last) return false;
    const [r, g, b] = rgb;
    const differ = (x: number, y: number, mask: number) => Number(((x ^ y) & mask) !== 0);
    const symbol =
      differ(last[0], r, 0xff) |
      (differ(last[0], r, 0xff00) << 1) |
      (differ(last[1], g, 0xff) << 2) |
      (differ(last[1], g, 0xff00) << 3) |
      (differ(last[2], b, 0xff) << 4) |
      (differ(last[2], b, 0xff00) << 5) |
      ((differ(r, g, 0xff) | differ(r, b, 0xff) | differ(r, g, 0xff00) | differ(r, b, 0xff00)) << 6);
    const enc = this.encoder;
    if (symbol !== 0) this.changed = true;
    enc.encodeSymbol(this.byteUsed, symbol);
    let diffLow = 0;
    let diffHigh = 0;
    if (symbol & 1) {
      diffLow = (r & 0xff) - (last[0] & 0xff);
      enc.encodeSymbol(this.diffs[0]!, u8Fold(diffLow));
    }
    if (symbol & 2) {
      diffHigh = (r >> 8) - (last[0] >> 8);
      enc.encodeSymbol(this.diffs[1]!, u8Fold(diffHigh));
    }
    if (symbol & 64) {
      if (symbol & 4) enc.encodeSymbol(this.diffs[2]!, u8Fold((g & 0xff) - u8Clamp(diffLow + (last[1] & 0xff))));
      if (symbol & 16) {
        diffLow = Math.trunc((diffLow + (g & 0xff) - (last[1] & 0xff)) / 2);
        enc.encodeSymbol(this.diffs[4]!, u8Fold((b & 0xff) - u8Clamp(diffLow + (last[2] & 0xff))));
      }
      if (symbol & 8) enc.encodeSymbol(this.diffs[3]!, u8Fold((g >> 8) - u8Clamp(diffHigh + (last[1] >> 8))));
      if (symbol & 32) {
        diffHigh = Math.trunc((diffHigh + (g >> 8) - (last[1] >> 8)) / 2);
        enc.encodeSymbol(this.diffs[5]!, u8Fold((b >> 8) - u8Clamp(diffHigh + (last[2] >> 8))));
      }
    }
    return true;
  }
}

/** The items of each supported point format: LASzip item type, size and where it starts. */
const ITEM_POINT10 = 6;
const ITEM_GPSTIME11 = 7;
const ITEM_RGB12 = 8;
const ITEMS_BY_FORMAT: Record<number, Array<{ type: number; size: number; offset: number }>> = {
  0: [{ type: ITEM_POINT10, size: 20, offset: 0 }],
  1: [
    { type: ITEM_POINT10, size: 20, offset: 0 },
    { type: ITEM_GPSTIME11, size: 8, offset: 20 },
  ],
  2: [
    { type: ITEM_POINT10, size: 20, offset: 0 },
    { type: ITEM_RGB12, size: 6, offset: 20 },
  ],
  3: [
    { type: ITEM_POINT10, size: 20, offset: 0 },
    { type: ITEM_GPSTIME11, size: 8, offset: 20 },
    { type: ITEM_RGB12, size: 6, offset: 28 },
  ],
};

/** Compresses one chunk of records: the first raw, the rest through one arithmetic encoder. */
export function compressChunk(records: Uint8Array, pointFormat: number): Uint8Array {
  const items = ITEMS_BY_FORMAT[pointFormat];
  if (!items) throw new Error(`The LAZ writer knows point formats 0–3, not ${pointFormat}.`);
  const recordLength = items.reduce((sum, item) => sum + item.size, 0);
  const count = records.length / recordLength;
  const encoder = new ArithmeticEncoder();
  const compressors = items.map((item) =>
    item.type === ITEM_POINT10
      ? new Point10Compressor(encoder)
      : item.type === ITEM_GPSTIME11
        ? new GpsTimeCompressor(encoder)
        : new RgbCompressor(encoder),
  );
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  for (let index = 0; index < count; index += 1) {
    const at = index * recordLength;
    compressors.forEach((compressor, item) => {
      compressor.compress(view, at + items[item]!.offset);
    });
  }
  const coded = encoder.finish();
  const chunk = new Uint8Array(recordLength + coded.length);
  chunk.set(records.subarray(0, recordLength));
  chunk.set(coded, recordLength);
  return chunk;
}

/** LAS 1.4 point formats 6–8: their LASzip items, version 3 (layered), and the record's length. */
const ITEM_POINT14 = 10;
const ITEM_RGB14 = 11;
const ITEM_RGBNIR14 = 12;
const LAYERED_ITEMS_BY_FORMAT: Record<number, Array<{ type: number; size: number }>> = {
  6: [{ type: ITEM_POINT14, size: 30 }],
  7: [
    { type: ITEM_POINT14, size: 30 },
    { type: ITEM_RGB14, size: 6 },
  ],
  8: [
    { type: ITEM_POINT14, size: 30 },
    { type: ITEM_RGBNIR14, size: 8 },
  ],
};

/** The LASzip items (type, size, version) a LAZ of point format 6–8 declares. */
export function layeredItems(pointFormat: number) {
  const items = LAYERED_ITEMS_BY_FORMAT[pointFormat];
  if (!items) throw new Error(`Layered LAZ is for point formats 6–8, not ${pointFormat}.`);
  return items.map((item) => ({ ...item, version: 3 }));
}

/**
 * Compresses one chunk of LAS 1.4 records (formats 6–8) as LASzip 3 does: the first record raw,
 * the point count, each layer's byte count, then the layers, each its own arithmetic-coded stream
 * (POINT14 v3: returns and X/Y, Z, classification, flags, intensity, scan angle, user data, point
 * source, GPS time; then RGB and NIR). A layer whose value never changes in the chunk is left out
 * (0 bytes) and the decoder repeats the first record's value, which keeps this writer short: it
 * codes X, Y, Z, classification, intensity and colour, and asks every record to share the first
 * one's scanner channel, single return, flags, scan angle, user data, point source, GPS time and
 * NIR (a test cloud's points need no more); a record that does not is refused.
 */
export function compressLayeredChunk(records: Uint8Array, pointFormat: number): Uint8Array {
  const items = layeredItems(pointFormat);
  const recordLength = items.reduce((sum, item) => sum + item.size, 0);
  const count = records.length / recordLength;
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const returns = view.getUint8(14);
  if (returns !== 0x11) throw new Error('The layered LAZ writer codes single returns only (return 1 of 1).');
  const shared = (at: number) =>
    Array.from(records.subarray(at + 15, at + 16)).concat(Array.from(records.subarray(at + 17, at + 30)));
  const firstShared = shared(0).join();
  const hasRgb = pointFormat >= 7;
  const nirAt = pointFormat === 8 ? 36 : -1;

  // The X/Y layer: a "nothing but X and Y changed" symbol per point, then X and Y as differences
  // from the last point predicted by the median of recent ones (one context: single returns, GPS
  // time unchanged); Z against the last Z; each context chosen by the coders' last k as LASzip does.
  const xy = new ArithmeticEncoder();
  const changed = new SymbolModel(128);
  const dX = new IntegerCompressor(32, 2);
  const dY = new IntegerCompressor(32, 22);
  const medianX = new StreamingMedian5();
  const medianY = new StreamingMedian5();
  const zLayer = new ArithmeticEncoder();
  const ic = new IntegerCompressor(32, 20);
  const classLayer = new ArithmeticEncoder();
  const classModels = new Map<number, SymbolModel>();
  const intensityLayer = new ArithmeticEncoder();
  const intensityIc = new IntegerCompressor(16, 4);
  const rgbLayer = new ArithmeticEncoder();
  const rgb = new RgbCompressor(rgbLayer);
  if (hasRgb) rgb.compress(view, 30);
  let changedClass = false;
  let changedIntensity = false;
  let last = { x: view.getInt32(0, true), y: view.getInt32(4, true), z: view.getInt32(8, true) };
  let lastIntensity = view.getUint16(12, true);
  let lastClass = view.getUint8(16);
  for (let index = 1; index < count; index += 1) {
    const at = index * recordLength;
    if (view.getUint8(at + 14) !== returns || shared(at).join() !== firstShared) {
      throw new Error(
        "The layered LAZ writer needs every record to share the first one's flags, angle, source and time.",
      );
    }
    if (nirAt >= 0 && view.getUint16(at + nirAt, true) !== view.getUint16(nirAt, true)) {
      throw new Error('The layered LAZ writer needs one NIR value for the chunk.');
    }
    const point = { x: view.getInt32(at, true), y: view.getInt32(at + 4, true), z: view.getInt32(at + 8, true) };
    // Last point first and last of its returns, GPS time unchanged: context 3.
    xy.encodeSymbol(changed, 0);
    const diffX = (point.x - last.x) | 0;
    dX.compress(xy, medianX.get(), diffX, 1);
    medianX.add(diffX);
    const kX = dX.k;
    const diffY = (point.y - last.y) | 0;
    dY.compress(xy, medianY.get(), diffY, 1 + (kX < 20 ? kX & ~1 : 20));
    medianY.add(diffY);
    const kZ = (dX.k + dY.k) >>> 1;
    ic.compress(zLayer, last.z, point.z, 1 + (kZ < 18 ? kZ & ~1 : 18));
    last = point;

    const classification = view.getUint8(at + 16);
    if (classification !== lastClass) changedClass = true;
    const classContext = ((lastClass & 0x1f) << 1) + 1;
    let model = classModels.get(classContext);
    if (!model) {
      model = new SymbolModel(256);
      classModels.set(classContext, model);
    }
    classLayer.encodeSymbol(model, classification);
    lastClass = classification;

    const intensity = view.getUint16(at + 12, true);
    if (intensity !== lastIntensity) changedIntensity = true;
    intensityIc.compress(intensityLayer, lastIntensity, intensity, 3);
    lastIntensity = intensity;

    if (hasRgb) rgb.compress(view, at + 30);
  }

  const layers = [
    xy.finish(),
    zLayer.finish(),
    changedClass ? classLayer.finish() : null,
    null, // flags
    changedIntensity ? intensityLayer.finish() : null,
    null, // scan angle
    null, // user data
    null, // point source
    null, // GPS time
    ...(hasRgb ? [rgb.changed ? rgbLayer.finish() : null] : []),
    ...(pointFormat === 8 ? [null] : []), // NIR
  ].map((layer) => layer ?? new Uint8Array(0));
  const body = layers.reduce((sum, layer) => sum + layer.length, 0);
  const chunk = new Uint8Array(recordLength + 4 + 4 * layers.length + body);
  const out = new DataView(chunk.buffer);
  chunk.set(records.subarray(0, recordLength));
  out.setUint32(recordLength, count, true);
  layers.forEach((layer, index) => {
    out.setUint32(recordLength + 4 + index * 4, layer.length, true);
  });
  let at = recordLength + 4 + 4 * layers.length;
  for (const layer of layers) {
    chunk.set(layer, at);
    at += layer.length;
  }
  return chunk;
}

/**
 * The chunk table: version 0, the count, then for each chunk its point count (variable-size chunks
 * only, context 0) and its byte count (context 1), each coded against the previous chunk's.
 */
export function writeChunkTable(chunkBytes: readonly number[], chunkPoints: readonly number[] | null): Uint8Array {
  const encoder = new ArithmeticEncoder();
  const ic = new IntegerCompressor(32, 2);
  chunkBytes.forEach((bytes, index) => {
    if (chunkPoints) ic.compress(encoder, index ? chunkPoints[index - 1]! : 0, chunkPoints[index]!, 0);
    ic.compress(encoder, index ? chunkBytes[index - 1]! : 0, bytes, 1);
  });
  const coded = chunkBytes.length ? encoder.finish() : new Uint8Array(0);
  const table = new Uint8Array(8 + coded.length);
  const view = new DataView(table.buffer);
  view.setUint32(0, 0, true);
  view.setUint32(4, chunkBytes.length, true);
  table.set(coded, 8);
  return table;
}

export type TLazOptions = TLasOptions & {
  pointFormat: 0 | 1 | 2 | 3;
  /** Points per chunk (LASzip's default is 50,000). */
  chunkSize?: number;
  /** Leave the chunk table's offset at -1, as a writer that could not seek back does. */
  withoutChunkTable?: boolean;
  /**
   * Variable-size chunks (chunk size U32_MAX in the VLR, point counts in the chunk table, as COPC
   * files have): chunks alternate between `chunkSize` points and half as many.
   */
  variableChunks?: boolean;
  /** Sets a record's other fields (intensity, classification, GPS time…) before compression. */
  attributes?: (index: number, record: DataView, at: number) => void;
};

export type TLazFile = {
  bytes: Uint8Array;
  /** Points in each chunk. */
  chunkPoints: number[];
  /** The same file uncompressed (a LAS with the LASzip VLR), to compare decoded records with. */
  las: Uint8Array;
  chunkBytes: number[];
  chunkTableOffset: number;
};

const LASZIP_VLR_ITEMS_AT = 34;

/** A LAZ file of the same points `writeLas` would write, compressed as LASzip 2.2 does. */
export function writeLaz(options: TLazOptions): TLazFile {
  const chunkSize = options.chunkSize ?? 50_000;
  const items = ITEMS_BY_FORMAT[options.pointFormat]!;
  const vlrPayload = LASZIP_VLR_ITEMS_AT + 6 * items.length;
  const las = writeLas({ ...options, vlrPayload });
  const view = new DataView(las.buffer, las.byteOffset, las.byteLength);
  const headerSize = view.getUint16(94, true);
  const dataOffset = view.getUint32(96, true);
  const recordLength = view.getUint16(105, true);

  // The LASzip VLR in place of the placeholder writeLas left.
  const vlr = headerSize;
  las.fill(0, vlr, dataOffset);
  const userId = 'laszip encoded';
  for (let i = 0; i < userId.length; i += 1) las[vlr + 2 + i] = userId.charCodeAt(i);
  view.setUint16(vlr + 18, 22204, true);
  view.setUint16(vlr + 20, vlrPayload, true);
  const payload = vlr + 54;
  view.setUint16(payload, 2, true); // compressor: pointwise, chunked
  view.setUint16(payload + 2, 0, true); // coder: arithmetic
  view.setUint8(payload + 4, 2); // LASzip 2.2.0
  view.setUint8(payload + 5, 2);
  view.setUint16(payload + 6, 0, true);
  view.setUint32(payload + 8, 0, true); // options
  view.setUint32(payload + 12, options.variableChunks ? 0xffffffff : chunkSize, true);
  view.setBigInt64(payload + 16, -1n, true); // special EVLRs: none
  view.setBigInt64(payload + 24, -1n, true);
  view.setUint16(payload + 32, items.length, true);
  items.forEach((item, index) => {
    view.setUint16(payload + 34 + index * 6, item.type, true);
    view.setUint16(payload + 36 + index * 6, item.size, true);
    view.setUint16(payload + 38 + index * 6, 2, true);
  });
  if (options.attributes) {
    for (let index = 0; index < options.count; index += 1) {
      options.attributes(index, view, dataOffset + index * recordLength);
    }
  }

  const chunks: Uint8Array[] = [];
  const chunkPoints: number[] = [];
  for (let first = 0; first < options.count; first += chunkPoints.at(-1)!) {
    const size = options.variableChunks && chunkPoints.length % 2 === 1 ? Math.ceil(chunkSize / 2) : chunkSize;
    const end = Math.min(options.count, first + size);
    chunkPoints.push(end - first);
    chunks.push(
      compressChunk(
        las.subarray(dataOffset + first * recordLength, dataOffset + end * recordLength),
        options.pointFormat,
      ),
    );
  }
  const chunkBytes = chunks.map((chunk) => chunk.length);
  const table = writeChunkTable(chunkBytes, options.variableChunks ? chunkPoints : null);
  const chunkTableOffset = dataOffset + 8 + chunkBytes.reduce((sum, bytes) => sum + bytes, 0);
  const out = new Uint8Array(chunkTableOffset + table.length);
  out.set(las.subarray(0, dataOffset));
  new DataView(out.buffer).setBigInt64(dataOffset, options.withoutChunkTable ? -1n : BigInt(chunkTableOffset), true);
  let at = dataOffset + 8;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  out.set(table, at);
  out[104] = options.pointFormat | 0x80;
  return { bytes: out, las, chunkPoints, chunkBytes, chunkTableOffset };
}
