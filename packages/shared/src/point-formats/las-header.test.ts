import { describe, expect, it } from 'vitest';
import { isLas, LAS_VLR_HEADER_BYTES, parseLasHeader, parseLasVlrHeader } from './las-header.ts';

type THeaderOptions = {
  minor: 2 | 4;
  pointFormat: number;
  recordLength: number;
  count: number;
  /** The 32-bit count; LAS 1.4 writers leave it 0 for formats 6–10. */
  legacyCount?: number;
  pointDataOffset?: number;
  vlrCount?: number;
  scale?: [number, number, number];
  offset?: [number, number, number];
  min?: [number, number, number];
  max?: [number, number, number];
};

/** A public header block as R15, table 3 lays it out (227 bytes for LAS 1.2, 375 for 1.4). */
function lasHeaderBytes(options: THeaderOptions): Uint8Array {
  const headerSize = options.minor === 4 ? 375 : 227;
  const bytes = new Uint8Array(headerSize);
  const view = new DataView(bytes.buffer);
  bytes.set([0x4c, 0x41, 0x53, 0x46]);
  view.setUint8(24, 1);
  view.setUint8(25, options.minor);
  view.setUint16(94, headerSize, true);
  view.setUint32(96, options.pointDataOffset ?? headerSize, true);
  view.setUint32(100, options.vlrCount ?? 0, true);
  view.setUint8(104, options.pointFormat);
  view.setUint16(105, options.recordLength, true);
  view.setUint32(107, options.legacyCount ?? options.count, true);
  const scale = options.scale ?? [0.001, 0.001, 0.001];
  const offset = options.offset ?? [0, 0, 0];
  const min = options.min ?? [0, 0, 0];
  const max = options.max ?? [1, 1, 1];
  for (let axis = 0; axis < 3; axis += 1) {
    view.setFloat64(131 + axis * 8, scale[axis]!, true);
    view.setFloat64(155 + axis * 8, offset[axis]!, true);
    view.setFloat64(179 + axis * 16, max[axis]!, true);
    view.setFloat64(187 + axis * 16, min[axis]!, true);
  }
  if (options.minor === 4) view.setBigUint64(247, BigInt(options.count), true);
  return bytes;
}

describe('parseLasHeader', () => {
  it('reads a LAS 1.2 header with colour, points after a variable-length record, and survey coordinates', () => {
    const header = parseLasHeader(
      lasHeaderBytes({
        minor: 2,
        pointFormat: 3,
        recordLength: 34,
        count: 100,
        pointDataOffset: 227 + 54 + 40,
        vlrCount: 1,
        scale: [0.001, 0.001, 0.01],
        offset: [500_000, 5_400_000, 0],
        min: [500_000, 5_400_000, 300],
        max: [500_050, 5_400_050, 312.5],
      }),
    );
    expect(header).toEqual({
      versionMajor: 1,
      versionMinor: 2,
      pointFormat: 3,
      compressed: false,
      recordLength: 34,
      headerSize: 227,
      vlrCount: 1,
      pointDataOffset: 227 + 54 + 40,
      pointCount: 100,
      colorOffset: 28,
      scale: [0.001, 0.001, 0.01],
      offset: [500_000, 5_400_000, 0],
      min: [500_000, 5_400_000, 300],
      max: [500_050, 5_400_050, 312.5],
    });
  });

  it('takes the 64-bit point count of a LAS 1.4 file whose legacy count is zero', () => {
    const header = parseLasHeader(
      lasHeaderBytes({ minor: 4, pointFormat: 7, recordLength: 36, count: 5_000_000_000, legacyCount: 0 }),
    );
    expect(header).toMatchObject({
      versionMinor: 4,
      headerSize: 375,
      pointFormat: 7,
      pointCount: 5_000_000_000,
      colorOffset: 30,
    });
  });

  it('has no colour offset for a format without colour, and keeps a record longer than its format needs', () => {
    const header = parseLasHeader(lasHeaderBytes({ minor: 2, pointFormat: 0, recordLength: 24, count: 1 }));
    expect(header.colorOffset).toBeNull();
    expect(header.recordLength).toBe(24);
  });

  it('sees LAZ compression in the point format byte and keeps the format number', () => {
    const bytes = lasHeaderBytes({ minor: 2, pointFormat: 2 | 0x80, recordLength: 26, count: 5 });
    expect(parseLasHeader(bytes)).toMatchObject({ compressed: true, pointFormat: 2 });
  });

  it('reads a header that starts inside a larger buffer (as Node hands out file reads)', () => {
    const header = lasHeaderBytes({ minor: 2, pointFormat: 2, recordLength: 26, count: 77 });
    const pool = new Uint8Array(1000);
    pool.set(header, 333);
    expect(parseLasHeader(pool.subarray(333, 333 + header.length))).toMatchObject({ pointCount: 77, colorOffset: 20 });
  });

  it('refuses a file that is not LAS, a cut header, an unknown point format and records too short for any', () => {
    expect(isLas(new TextEncoder().encode('ply\nformat ascii 1.0\n'))).toBe(false);
    expect(() => parseLasHeader(new TextEncoder().encode('ply\nformat ascii 1.0\n'))).toThrow('Not a LAS file');
    expect(() => parseLasHeader(new TextEncoder().encode('LASF'))).toThrow('The LAS header is cut short.');
    expect(() => parseLasHeader(lasHeaderBytes({ minor: 2, pointFormat: 11, recordLength: 40, count: 1 }))).toThrow(
      'Unknown LAS point format 11.',
    );
    expect(() => parseLasHeader(lasHeaderBytes({ minor: 2, pointFormat: 0, recordLength: 12, count: 1 }))).toThrow(
      'LAS point records of 12 bytes are too short.',
    );
  });
});

describe('parseLasVlrHeader', () => {
  it('reads who defined a record, its id and its body length, without the NUL padding', () => {
    const bytes = new Uint8Array(LAS_VLR_HEADER_BYTES + 10);
    const view = new DataView(bytes.buffer);
    bytes.set(new TextEncoder().encode('LASF_Projection'), 2);
    view.setUint16(18, 2112, true);
    view.setUint16(20, 1234, true);
    expect(parseLasVlrHeader(bytes)).toEqual({ userId: 'LASF_Projection', recordId: 2112, bodyLength: 1234 });
  });

  it('refuses a record header cut short', () => {
    expect(() => parseLasVlrHeader(new Uint8Array(40))).toThrow('The LAS variable length record is cut short.');
  });
});
