import { describe, expect, it } from 'vitest';
import { gridCloud, writeLas } from '../test/point-cloud-fixtures.ts';
import { parseLasHeader } from './las-header.ts';

const bufferOf = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('parseLasHeader', () => {
  it('reads a LAS 1.2 header with colour, a variable-length record and offset coordinates', () => {
    const file = writeLas({
      minor: 2,
      pointFormat: 3,
      count: 100,
      point: gridCloud(10, 50, [500_000, 5_400_000, 300]),
      offset: [500_000, 5_400_000, 0],
      vlrPayload: 40,
    });
    const header = parseLasHeader(bufferOf(file));
    expect(header).toMatchObject({
      versionMajor: 1,
      versionMinor: 2,
      pointFormat: 3,
      compressed: false,
      recordLength: 34,
      pointDataOffset: 227 + 54 + 40,
      pointCount: 100,
      colorOffset: 28,
      scale: [0.001, 0.001, 0.001],
      offset: [500_000, 5_400_000, 0],
    });
    expect(header.min[0]).toBeCloseTo(500_000, 6);
    expect(header.max[0]).toBeCloseTo(500_050, 6);
    expect(header.min[1]).toBeCloseTo(5_400_000, 6);
    expect(header.max[2]).toBeGreaterThan(300);
  });

  it('takes the 64-bit point count of a LAS 1.4 file whose legacy count is zero', () => {
    const file = writeLas({ minor: 4, pointFormat: 7, count: 42, point: gridCloud(7, 10) });
    const header = parseLasHeader(bufferOf(file));
    expect(header).toMatchObject({
      versionMinor: 4,
      pointFormat: 7,
      recordLength: 36,
      pointCount: 42,
      colorOffset: 30,
    });
    expect(new DataView(file.buffer).getUint32(107, true)).toBe(0);
  });

  it('has no colour offset for a format without colour', () => {
    const header = parseLasHeader(bufferOf(writeLas({ minor: 2, pointFormat: 0, count: 1, point: gridCloud(1, 1) })));
    expect(header.colorOffset).toBeNull();
    expect(header.recordLength).toBe(20);
  });

  it('sees LAZ compression in the point format byte and keeps the format number', () => {
    const file = writeLas({ minor: 2, pointFormat: 2, count: 5, point: gridCloud(3, 1) });
    file[104] = 2 | 0x80;
    expect(parseLasHeader(bufferOf(file))).toMatchObject({ compressed: true, pointFormat: 2 });
  });

  it('refuses a file that is not LAS', () => {
    expect(() => parseLasHeader(bufferOf(new TextEncoder().encode('ply\nformat ascii 1.0\n')))).toThrow(
      'Not a LAS file',
    );
    expect(() => parseLasHeader(bufferOf(new TextEncoder().encode('LASF')))).toThrow('cut short');
  });
});
