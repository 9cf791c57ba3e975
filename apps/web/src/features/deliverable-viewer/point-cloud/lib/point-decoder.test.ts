import { parseLasHeader } from '@spacecapture/shared/point-formats/las-header';
import { describe, expect, it } from 'vitest';
import { gridCloud, type TFixturePoint, writeLas, writePly } from '../test/point-cloud-fixtures.ts';
import { parsePlyHeader } from './ply-header.ts';
import { decodeAsciiPlyVertices, decodePoints, detectEightBitColor, lasLayout, plyLayout } from './point-decoder.ts';

const source = gridCloud(20, 100, [650_000.25, 5_300_000.5, 210]);
function expected(index: number): TFixturePoint {
  const out: TFixturePoint = { x: 0, y: 0, z: 0, red: 0, green: 0, blue: 0 };
  source(index, out);
  return out;
}

describe('decodePoints', () => {
  it('gives LAS points back in the file coordinates after adding the origin, with 8-bit colour', () => {
    const file = writeLas({ minor: 2, pointFormat: 3, count: 400, point: source, offset: [650_000, 5_300_000, 0] });
    const header = parseLasHeader(file);
    const layout = lasLayout(header);
    const origin = [650_050, 5_300_050, 215] as const;
    // A run from the middle of the file, as a range request returns it.
    const first = 123;
    const run = file.subarray(header.pointDataOffset + first * 34, header.pointDataOffset + (first + 50) * 34);
    const eightBit = detectEightBitColor(run, layout);
    expect(eightBit).toBe(false); // the fixture scales colour to 16 bits
    const decoded = decodePoints(run, layout, origin, eightBit);
    expect(decoded.positions.length).toBe(150);
    for (const i of [0, 17, 49]) {
      const point = expected(first + i);
      expect(decoded.positions[i * 3]! + origin[0]).toBeCloseTo(point.x, 2);
      expect(decoded.positions[i * 3 + 1]! + origin[1]).toBeCloseTo(point.y, 2);
      expect(decoded.positions[i * 3 + 2]! + origin[2]).toBeCloseTo(point.z, 2);
      expect([...decoded.colors!.subarray(i * 3, i * 3 + 3)]).toEqual([point.red, point.green, point.blue]);
    }
    expect(decoded.min[0]).toBeLessThanOrEqual(decoded.max[0]);
  });

  it('reads 8-bit values stored in 16-bit LAS colour fields as they are', () => {
    const file = writeLas({ minor: 2, pointFormat: 2, count: 4, point: source });
    const header = parseLasHeader(file);
    const view = new DataView(file.buffer);
    for (let i = 0; i < 4; i += 1) {
      for (const channel of [0, 2, 4]) view.setUint16(header.pointDataOffset + i * 26 + 20 + channel, 200, true);
    }
    const run = file.subarray(header.pointDataOffset);
    const layout = lasLayout(header);
    expect(detectEightBitColor(run, layout)).toBe(true);
    expect(decodePoints(run, layout, [0, 0, 0], true).colors![0]).toBe(200);
  });

  it('reads big-endian double PLY vertices', () => {
    const file = writePly({ format: 'binary_big_endian', count: 30, point: source, color: true, double: true });
    const header = parsePlyHeader(file);
    const layout = plyLayout(header);
    const decoded = decodePoints(file.subarray(header.headerLength), layout, [650_000, 5_300_000, 0], true);
    const point = expected(29);
    expect(decoded.positions[29 * 3]! + 650_000).toBeCloseTo(point.x, 3);
    expect(decoded.positions[29 * 3 + 2]!).toBeCloseTo(point.z, 3);
    expect([...decoded.colors!.subarray(29 * 3)]).toEqual([point.red, point.green, point.blue]);
  });

  it('reads ASCII PLY vertices, centred on their bounds', () => {
    const file = writePly({ format: 'ascii', count: 25, point: gridCloud(5, 10), color: false });
    const header = parsePlyHeader(file);
    const decoded = decodeAsciiPlyVertices(new TextDecoder().decode(file.subarray(header.headerLength)), header, null);
    expect(decoded.positions.length).toBe(75);
    expect(decoded.colors).toBeNull();
    expect(decoded.origin[0]).toBeCloseTo(5);
    expect(decoded.max[0]).toBeCloseTo(10);
    expect(decoded.positions[0]! + decoded.origin[0]).toBeCloseTo(0);
  });
});
