import { createRequire } from 'node:module';
import { parseLasHeader } from '@spacecapture/shared/point-formats/las-header';
import {
  decodeChunk,
  decodeChunkTable,
  findLaszipVlr,
  type TLazPerf,
} from '@spacecapture/shared/point-formats/laz-chunks';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeLaz } from '../test/laz-writer.ts';
import type { TFixturePoint } from '../test/point-cloud-fixtures.ts';
import { serveByRange } from '../test/serve-by-range.ts';
import { streamCloud, type TWorkerMessage } from './stream-cloud.ts';
import { orderChunks } from './stream-laz.ts';

// laz-perf's Node build (the same C++ and WebAssembly as the worker build the browser loads).
const require = createRequire(import.meta.url);
const { createLazPerf } = require('laz-perf/lib/node/index.js') as { createLazPerf: () => Promise<TLazPerf> };
let lazPerf: TLazPerf;
beforeAll(async () => {
  lazPerf = await createLazPerf();
});
afterEach(() => vi.unstubAllGlobals());

/** A repeatable pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

const CHUNK = 5_000;
const COUNT = 3 * CHUNK + 1_234;

/** Scattered points over 80 × 80 m in survey coordinates, with every attribute varying. */
function scatteredLaz(
  pointFormat: 0 | 1 | 2 | 3,
  extra: { withoutChunkTable?: boolean; variableChunks?: boolean } = {},
) {
  const next = random(pointFormat + 11);
  return writeLaz({
    minor: 2,
    pointFormat,
    count: COUNT,
    chunkSize: CHUNK,
    offset: [651_000, 5_301_000, 0],
    point: (_index: number, out: TFixturePoint) => {
      out.x = 651_000 + next() * 80;
      out.y = 5_301_000 + next() * 80;
      out.z = 30 + next() * 12;
      out.red = Math.floor(next() * 256);
      out.green = Math.floor(next() * 256);
      out.blue = Math.floor(next() * 256);
    },
    attributes: (index, record, at) => {
      record.setUint16(at + 12, Math.floor(next() * 65_536), true); // intensity
      const returns = 1 + Math.floor(next() * 3);
      record.setUint8(at + 14, (1 + Math.floor(next() * returns)) | (returns << 3)); // return of returns
      record.setUint8(at + 15, Math.floor(next() * 12)); // classification
      record.setUint8(at + 16, Math.floor(next() * 60)); // scan angle
      record.setUint16(at + 18, 1 + (index >> 12), true); // point source
      // GPS time: steady pulses with jumps between flight lines.
      if (pointFormat === 1 || pointFormat === 3)
        record.setFloat64(at + 20, 402_000 + index * 1e-5 + (index >> 11) * 37.5, true);
    },
    ...extra,
  });
}

async function stream(file: Uint8Array, budget: number) {
  const messages: TWorkerMessage[] = [];
  await streamCloud(
    { type: 'open', url: 'http://app.test/api/files/z', fileName: 'z.laz', sizeBytes: file.length, budget },
    (message) => messages.push(message),
    { loadLazPerf: async () => lazPerf },
  );
  return messages;
}

describe('LAZ written by the test writer and read by laz-perf', () => {
  it.each([0, 1, 2, 3] as const)('point format %i: every record of every chunk decodes to the original', (format) => {
    const file = scatteredLaz(format);
    const header = parseLasHeader(file.bytes.subarray(0, 4096));
    expect(header).toMatchObject({ compressed: true, pointFormat: format, pointCount: COUNT });
    const vlr = findLaszipVlr(file.bytes.subarray(0, 4096));
    expect(vlr).toMatchObject({ compressor: 2, chunkSize: CHUNK });
    const table = file.bytes.subarray(file.chunkTableOffset);
    const chunks = decodeChunkTable(table, file.chunkTableOffset, header, CHUNK);
    // Three full chunks and a partial one; the table's byte counts are the writer's.
    expect(chunks.map((chunk) => chunk.count)).toEqual([CHUNK, CHUNK, CHUNK, 1_234]);
    expect(chunks.map((chunk) => chunk.end - chunk.start + 1)).toEqual(file.chunkBytes);
    // Compressed: well under the uncompressed records (every attribute is random here).
    expect(file.bytes.length).toBeLessThan(file.las.length * 0.75);

    const records = file.las.subarray(header.pointDataOffset);
    for (const chunk of chunks) {
      const decoded = decodeChunk(lazPerf, file.bytes.subarray(chunk.start, chunk.end + 1), header, chunk.count);
      const expected = records.subarray(
        chunk.firstPoint * header.recordLength,
        (chunk.firstPoint + chunk.count) * header.recordLength,
      );
      // Byte for byte: x, y, z, intensity, returns, classification, angle, source, time, colour.
      expect(Buffer.compare(Buffer.from(decoded), Buffer.from(expected))).toBe(0);
    }
  });
});

describe('orderChunks', () => {
  const chunks = Array.from({ length: 8 }, (_, index) => ({
    index,
    firstPoint: index * 100,
    count: 100,
    start: index * 1_000,
    end: index * 1_000 + 999,
  }));

  it('spreads the first chunks over the file and stops at the budget, reading the last chunk in part', () => {
    const plan = orderChunks(chunks, 350);
    expect(plan.chunks.map((chunk) => chunk.index)).toEqual([0, 4, 2, 6]);
    expect(plan.chunks.map((chunk) => chunk.count)).toEqual([100, 100, 100, 50]);
    expect(plan.planned).toBe(350);
  });
});

describe('streamCloud with a LAZ file', () => {
  it('draws the points of a LAZ file chunk by chunk, spread first, in the file’s coordinates', async () => {
    const file = scatteredLaz(3);
    const ranges = serveByRange(file.bytes);
    const messages = await stream(file.bytes, 1_000_000);
    expect(messages[0]).toMatchObject({
      type: 'facts',
      planned: COUNT,
      facts: { format: 'LAZ', pointCount: COUNT, hasColor: true, unreadable: null },
    });
    expect(messages.at(-1)).toEqual({ type: 'done' });
    const batches = messages.filter((message) => message.type === 'points');
    expect(batches.map((batch) => batch.positions.length / 3)).toEqual([CHUNK, CHUNK, CHUNK, 1_234]);
    // The origin is the header's centre; the first point of the file comes back exactly.
    const header = parseLasHeader(file.las.subarray(0, 4096));
    const firstX = new DataView(file.las.buffer).getInt32(header.pointDataOffset, true) * 0.001 + 651_000;
    expect(batches[0]!.positions[0]! + batches[0]!.origin[0]).toBeCloseTo(firstX, 2);
    expect(batches[0]!.colors).toHaveLength(CHUNK * 3);
    // Header, chunk table, then one range per chunk: never the whole file in one answer.
    expect(ranges[1]![0]).toBe(file.chunkTableOffset);
    expect(ranges.slice(2).map(([start, end]) => end - start + 1)).toEqual([
      file.chunkBytes[0],
      file.chunkBytes[2],
      file.chunkBytes[1],
      file.chunkBytes[3],
    ]);
  });

  it('stops at the point budget: chunks past it are never fetched', async () => {
    const file = scatteredLaz(0);
    const ranges = serveByRange(file.bytes);
    const messages = await stream(file.bytes, 7_000);
    expect(messages[0]).toMatchObject({ type: 'facts', planned: 7_000 });
    const batches = messages.filter((message) => message.type === 'points');
    expect(batches.map((batch) => batch.positions.length / 3)).toEqual([CHUNK, 2_000]);
    expect(ranges).toHaveLength(4);
  });

  it('reads chunks of varying size (as COPC files have them) from the point counts in the chunk table', async () => {
    const file = scatteredLaz(2, { variableChunks: true });
    expect(file.chunkPoints).toEqual([5_000, 2_500, 5_000, 2_500, 1_234]);
    serveByRange(file.bytes);
    const messages = await stream(file.bytes, 1_000_000);
    expect(messages[0]).toMatchObject({ type: 'facts', planned: COUNT, facts: { unreadable: null } });
    const batches = messages.filter((message) => message.type === 'points');
    // Bit-reversed chunk order over five chunks: 0, 4, 2, 1, 3.
    expect(batches.map((batch) => batch.positions.length / 3)).toEqual([5_000, 1_234, 5_000, 2_500, 2_500]);
    const header = parseLasHeader(file.las.subarray(0, 4096));
    const records = new DataView(file.las.buffer, header.pointDataOffset);
    // The last chunk's first point (file index 15,000) comes back where it was.
    expect(batches[1]!.positions[1]! + batches[1]!.origin[1]).toBeCloseTo(
      records.getInt32(15_000 * header.recordLength + 4, true) * 0.001 + 5_301_000,
      2,
    );
  });

  it.each([['without a chunk table', { withoutChunkTable: true }, /no chunk table/]])(
    'gives the facts and says why, fetching no points, for a LAZ file %s',
    async (_name, extra, reason) => {
      const file = scatteredLaz(1, extra);
      const ranges = serveByRange(file.bytes);
      const messages = await stream(file.bytes, 1_000_000);
      expect(messages).toEqual([
        expect.objectContaining({
          type: 'facts',
          planned: 0,
          facts: expect.objectContaining({
            format: 'LAZ',
            pointCount: COUNT,
            unreadable: expect.stringMatching(reason),
          }),
        }),
        { type: 'done' },
      ]);
      expect(ranges).toHaveLength(1);
    },
  );

  it('gives the facts for a LAZ point format laz-perf does not decode (waveforms)', async () => {
    const file = scatteredLaz(0).bytes;
    file[104] = 4 | 0x80;
    serveByRange(file);
    const messages = await stream(file, 1_000_000);
    expect(messages[0]).toMatchObject({
      type: 'facts',
      planned: 0,
      facts: { unreadable: expect.stringContaining('LAZ point format 4') },
    });
  });
});
