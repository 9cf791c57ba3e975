import { describe, expect, it } from 'vitest';
import { gridCloud, writeE57, writeLas, writePly } from '../test/point-cloud-fixtures.ts';
import { describeHead } from './cloud-source.ts';

describe('describeHead', () => {
  it('gives a LAS file facts from its header, with its coordinate step', () => {
    const head = writeLas({ minor: 4, pointFormat: 6, count: 12, point: gridCloud(4, 3, [10, 20, 30]) });
    const { facts } = describeHead(head.subarray(0, 375), 'a.las');
    expect(facts).toMatchObject({
      format: 'LAS',
      version: '1.4',
      pointCount: 12,
      hasColor: false,
      resolution: 0.001,
      unreadable: null,
    });
    expect(facts.bounds?.min).toEqual([10, 20, 30]);
  });

  it('names a LAZ file, drawn when laz-perf decodes its point format and shown as facts when not', () => {
    const head = writeLas({ minor: 2, pointFormat: 3, count: 5, point: gridCloud(3, 1) });
    head[104] = 3 | 0x80;
    const { facts } = describeHead(head, 'a.laz');
    expect(facts.format).toBe('LAZ');
    expect(facts.pointCount).toBe(5);
    expect(facts.unreadable).toBeNull();
    // Format 4 carries waveforms, which laz-perf does not decode.
    head[104] = 4 | 0x80;
    expect(describeHead(head, 'b.laz').facts.unreadable).toContain('download the file');
  });

  it('reads binary and ASCII PLY, and names an E57 or an unknown file as not drawable', () => {
    const binary = describeHead(
      writePly({ format: 'binary_big_endian', count: 3, point: gridCloud(2, 1), color: true }),
      'b.ply',
    );
    expect(binary.facts).toMatchObject({
      format: 'PLY',
      version: 'binary big endian',
      pointCount: 3,
      hasColor: true,
      unreadable: null,
    });
    const ascii = describeHead(writePly({ format: 'ascii', count: 3, point: gridCloud(2, 1), color: false }), 'c.ply');
    expect(ascii.facts.unreadable).toBeNull();
    const e57 = describeHead(writeE57([]).subarray(0, 1024), 'd.e57');
    expect(e57.facts).toMatchObject({ format: 'E57', unreadable: 'E57 points are not drawn in the browser.' });
    expect(describeHead(new TextEncoder().encode('hello'), 'e.txt').facts.unreadable).toBe(
      'e.txt is not a LAS, LAZ or PLY point cloud.',
    );
  });
});
