import { afterEach, describe, expect, it, vi } from 'vitest';
import { gridCloud, writeLas, writePly } from '../test/point-cloud-fixtures.ts';
import { serveByRange } from '../test/serve-by-range.ts';
import { streamCloud, type TWorkerMessage } from './stream-cloud.ts';

afterEach(() => vi.unstubAllGlobals());

async function stream(file: Uint8Array, budget: number) {
  const messages: TWorkerMessage[] = [];
  await streamCloud(
    { type: 'open', url: 'http://app.test/api/files/t', fileName: 'f', sizeBytes: file.length, budget },
    (message) => messages.push(message),
  );
  return messages;
}

describe('streamCloud', () => {
  it('streams a LAS file within the budget: facts first, a coarse cloud over the whole extent, then the rest', async () => {
    // 300 × 300 points over 90 m in survey coordinates, 34-byte records: about 3 MB, three blocks.
    const side = 300;
    const file = writeLas({
      minor: 2,
      pointFormat: 3,
      count: side * side,
      point: gridCloud(side, 90, [651_000, 5_301_000, 40]),
      offset: [651_000, 5_301_000, 0],
    });
    const ranges = serveByRange(file);
    const budget = 60_000;
    const messages = await stream(file, budget);

    expect(messages[0]).toMatchObject({ type: 'facts', planned: budget, facts: { format: 'LAS', pointCount: 90_000 } });
    expect(messages.at(-1)).toEqual({ type: 'done' });
    const batches = messages.filter((message) => message.type === 'points');
    expect(batches.reduce((sum, batch) => sum + batch.positions.length / 3, 0)).toBe(budget);
    // The origin is the header's centre, in whole units; positions + origin are the file's coordinates.
    expect(batches[0]!.origin).toEqual([651_045, 5_301_045, 45]);
    expect(batches[0]!.positions[0]! + batches[0]!.origin[0]).toBeCloseTo(651_000, 2);
    // The first three requests after the header (one per block) already span the file's rows.
    const firstRows = batches.slice(0, 3).map((batch) => batch.min[1]);
    expect(Math.min(...firstRows)).toBeCloseTo(5_301_000, 0);
    expect(Math.max(...firstRows)).toBeGreaterThan(5_301_000 + 55);
    // Nothing past the budget was fetched.
    const fetched = ranges.slice(1).reduce((sum, [start, end]) => sum + end - start + 1, 0);
    expect(fetched).toBe(budget * 34);
  });

  it('centres a PLY on its first batch, which spans the file', async () => {
    const file = writePly({
      format: 'binary_little_endian',
      count: 2_500,
      point: gridCloud(50, 10, [1000, 2000, 3]),
      color: true,
    });
    serveByRange(file);
    const messages = await stream(file, 1_000_000);
    const batches = messages.filter((message) => message.type === 'points');
    expect(batches).toHaveLength(1);
    expect(batches[0]!.origin).toEqual([1005, 2005, 3]);
    expect(batches[0]!.colors?.length).toBe(2_500 * 3);
    expect(messages.at(-1)).toEqual({ type: 'done' });
  });

  it('gives facts only, and fetches no points, for a LAZ file without its LASzip description', async () => {
    const file = writeLas({ minor: 2, pointFormat: 1, count: 100, point: gridCloud(10, 1) });
    file[104] = 1 | 0x80;
    const ranges = serveByRange(file);
    const messages = await stream(file, 1_000_000);
    expect(messages).toEqual([
      expect.objectContaining({ type: 'facts', planned: 0, facts: expect.objectContaining({ format: 'LAZ' }) }),
      { type: 'done' },
    ]);
    expect(ranges).toHaveLength(1);
  });
});
