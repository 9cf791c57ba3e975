import { describe, expect, it } from 'vitest';
import {
  chunkTableOffset,
  decodeChunkTable,
  findLaszipVlr,
  lazPerfDecodes,
  VARIABLE_CHUNK_SIZE,
} from './laz-chunks.ts';

const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g)!, (byte) => Number.parseInt(byte, 16));

/**
 * Chunk tables as the LASzip writer of the viewer's test fixtures encodes them (its encoder is
 * checked against laz-perf by the viewer's stream-laz tests): version 0, the chunk count, then the
 * arithmetic-coded counts.
 */
const FIXED_TABLE = fromHex('000000000400000059ff70ef22a7405e98770000'); // bytes 1234, 987, 40000, 5
const VARIABLE_TABLE = fromHex('000000000300000082088d6825b85fe7da6910fa92a2000000'); // points 50000, 25000, 1234; bytes 300, 150, 9000
const LARGE_TABLE = fromHex('000000000200000088041ce590ec805d000000'); // bytes 70000, 1000000000

const DATA_AT = 1_000;

/** A LAS 1.2 header followed by the given VLRs (user id, record id, payload). */
function headWithVlrs(vlrs: Array<{ userId: string; recordId: number; payload: Uint8Array }>): Uint8Array {
  const length = 227 + vlrs.reduce((sum, vlr) => sum + 54 + vlr.payload.length, 0);
  const head = new Uint8Array(length);
  const view = new DataView(head.buffer);
  head.set([0x4c, 0x41, 0x53, 0x46]);
  view.setUint16(94, 227, true);
  view.setUint32(100, vlrs.length, true);
  let at = 227;
  for (const vlr of vlrs) {
    head.set(new TextEncoder().encode(vlr.userId), at + 2);
    view.setUint16(at + 18, vlr.recordId, true);
    view.setUint16(at + 20, vlr.payload.length, true);
    head.set(vlr.payload, at + 54);
    at += 54 + vlr.payload.length;
  }
  return head;
}

/** The LASzip VLR's payload: compressor, chunk size and the items of point format 3 (LASzip 2.x). */
function laszipPayload(compressor: number, chunkSize: number): Uint8Array {
  const items = [
    [6, 20, 2],
    [7, 8, 2],
    [8, 6, 2],
  ];
  const payload = new Uint8Array(34 + items.length * 6);
  const view = new DataView(payload.buffer);
  view.setUint16(0, compressor, true);
  view.setUint32(12, chunkSize, true);
  view.setUint16(32, items.length, true);
  items.forEach(([type, size, version], index) => {
    view.setUint16(34 + index * 6, type!, true);
    view.setUint16(36 + index * 6, size!, true);
    view.setUint16(38 + index * 6, version!, true);
  });
  return payload;
}

describe('findLaszipVlr', () => {
  it('finds the "laszip encoded" record among the VLRs, with its compressor, chunk size and items', () => {
    const head = headWithVlrs([
      { userId: 'LASF_Projection', recordId: 34735, payload: new Uint8Array(40) },
      { userId: 'laszip encoded', recordId: 22204, payload: laszipPayload(2, 50_000) },
    ]);
    expect(findLaszipVlr(head)).toEqual({
      compressor: 2,
      chunkSize: 50_000,
      items: [
        { type: 6, size: 20, version: 2 },
        { type: 7, size: 8, version: 2 },
        { type: 8, size: 6, version: 2 },
      ],
    });
  });

  it('finds none in a LAS file, under another record id, or when the head stops before the record', () => {
    expect(findLaszipVlr(headWithVlrs([]))).toBeNull();
    expect(
      findLaszipVlr(headWithVlrs([{ userId: 'laszip encoded', recordId: 1, payload: laszipPayload(2, 50_000) }])),
    ).toBeNull();
    const head = headWithVlrs([{ userId: 'laszip encoded', recordId: 22204, payload: laszipPayload(2, 50_000) }]);
    expect(findLaszipVlr(head.subarray(0, 227 + 54 + 20))).toBeNull();
  });
});

describe('chunkTableOffset', () => {
  const offsetBytes = (offset: bigint) => {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigInt64(0, offset, true);
    return bytes;
  };

  it('reads the offset the writer went back to put at the start of the point data', () => {
    expect(chunkTableOffset(offsetBytes(50_000n), DATA_AT, 50_100)).toBe(50_000);
    // The size unknown (0): any offset past the points' start is taken.
    expect(chunkTableOffset(offsetBytes(50_000n), DATA_AT, 0)).toBe(50_000);
  });

  it('says there is none when the writer left -1, the offset points into the header or past the file, or bytes are missing', () => {
    expect(chunkTableOffset(offsetBytes(-1n), DATA_AT, 50_100)).toBeNull();
    expect(chunkTableOffset(offsetBytes(BigInt(DATA_AT + 8)), DATA_AT, 50_100)).toBeNull();
    expect(chunkTableOffset(offsetBytes(50_095n), DATA_AT, 50_100)).toBeNull();
    expect(chunkTableOffset(new Uint8Array(4), DATA_AT, 50_100)).toBeNull();
  });
});

describe('decodeChunkTable', () => {
  it('places fixed-size chunks one after the other from the point data, the last holding what is left', () => {
    const tableOffset = DATA_AT + 8 + 1234 + 987 + 40_000 + 5;
    const chunks = decodeChunkTable(
      FIXED_TABLE,
      tableOffset,
      { pointDataOffset: DATA_AT, pointCount: 151_234 },
      50_000,
    );
    expect(chunks).toEqual([
      { index: 0, firstPoint: 0, count: 50_000, start: 1008, end: 2241 },
      { index: 1, firstPoint: 50_000, count: 50_000, start: 2242, end: 3228 },
      { index: 2, firstPoint: 100_000, count: 50_000, start: 3229, end: 43_228 },
      { index: 3, firstPoint: 150_000, count: 1_234, start: 43_229, end: 43_233 },
    ]);
  });

  it('takes each chunk’s points from the table when chunks vary in size (COPC)', () => {
    const chunks = decodeChunkTable(
      VARIABLE_TABLE,
      DATA_AT + 8 + 9_450,
      { pointDataOffset: DATA_AT, pointCount: 76_234 },
      VARIABLE_CHUNK_SIZE,
    );
    expect(chunks.map(({ count, start, end }) => [count, start, end])).toEqual([
      [50_000, 1008, 1307],
      [25_000, 1308, 1457],
      [1_234, 1458, 10_457],
    ]);
  });

  it('decodes byte counts that need more than 19 raw bits', () => {
    const chunks = decodeChunkTable(
      LARGE_TABLE,
      DATA_AT + 8 + 70_000 + 1_000_000_000,
      { pointDataOffset: DATA_AT, pointCount: 60_000 },
      50_000,
    );
    expect(chunks.map((chunk) => chunk.end - chunk.start + 1)).toEqual([70_000, 1_000_000_000]);
  });

  it('gives no chunks for a table of none', () => {
    expect(decodeChunkTable(new Uint8Array(8), 5_000, { pointDataOffset: DATA_AT, pointCount: 0 }, 50_000)).toEqual([]);
  });

  it('refuses a table of another version, one cut short, and one that does not fit the points', () => {
    const header = { pointDataOffset: DATA_AT, pointCount: 151_234 };
    const tableOffset = DATA_AT + 8 + 1234 + 987 + 40_000 + 5;
    const otherVersion = FIXED_TABLE.slice();
    otherVersion[0] = 1;
    expect(() => decodeChunkTable(otherVersion, tableOffset, header, 50_000)).toThrow('unknown version');
    expect(() => decodeChunkTable(FIXED_TABLE.subarray(0, 12), tableOffset, header, 50_000)).toThrow('cut short');
    expect(() => decodeChunkTable(FIXED_TABLE.subarray(0, 6), tableOffset, header, 50_000)).toThrow('cut short');
    // Chunks running past the table's own offset.
    expect(() => decodeChunkTable(FIXED_TABLE, tableOffset - 1, header, 50_000)).toThrow('does not match the points');
    // More points stated than the chunks hold.
    expect(() => decodeChunkTable(FIXED_TABLE, tableOffset, { ...header, pointCount: 200_001 }, 50_000)).toThrow(
      'does not cover every point',
    );
  });
});

describe('lazPerfDecodes', () => {
  it('decodes the point formats without waveforms', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter(lazPerfDecodes)).toEqual([0, 1, 2, 3, 6, 7, 8]);
  });
});
