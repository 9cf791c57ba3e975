import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedPoint, type TLasPoint, writeGeneratedLas } from '../../../test/las-files.ts';
import { convertFileToEpt as convertLasToEpt } from './open-point-source.ts';
import { UnreadablePointCloudError } from './point-source.ts';

/**
 * The EPT writer (decision 226), read back as an independent reader would: `ept.json` checked
 * against the fields EPT's specification requires (entwine.io/en/latest/entwine-point-tile.html),
 * the hierarchy against the node files, and every node's records decoded by the schema it
 * declares and compared with the points written into the LAS file.
 */

const COUNT = 60_000;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ept-writer-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type TSchemaEntry = {
  name: string;
  type: 'signed' | 'unsigned' | 'float';
  size: number;
  scale?: number;
  offset?: number;
};

/** Decodes a node's binary records by the schema alone, as EPT's readers do. */
function decode(bytes: Buffer, schema: TSchemaEntry[]) {
  const recordSize = schema.reduce((sum, entry) => sum + entry.size, 0);
  expect(bytes.length % recordSize).toBe(0);
  const rows: Record<string, number>[] = [];
  for (let at = 0; at < bytes.length; at += recordSize) {
    const row: Record<string, number> = {};
    let offset = at;
    for (const entry of schema) {
      const read =
        entry.type === 'signed'
          ? bytes.readIntLE(offset, entry.size)
          : entry.type === 'unsigned'
            ? bytes.readUIntLE(offset, entry.size)
            : entry.size === 4
              ? bytes.readFloatLE(offset)
              : bytes.readDoubleLE(offset);
      row[entry.name] = read;
      offset += entry.size;
    }
    rows.push(row);
  }
  return rows;
}

describe('the EPT writer', () => {
  it('writes a tree every point of the LAS file is in exactly once, within its node, by the published schema', async () => {
    const las = path.join(dir, 'cloud.las');
    await writeGeneratedLas(las, COUNT);
    const out = path.join(dir, 'tree');
    const progress: number[] = [];
    const summary = await convertLasToEpt(las, out, {
      maxNodePoints: 5_000,
      bufferBudgetBytes: 1024 * 1024,
      onProgress: (done) => progress.push(done),
    });

    // ept.json: every field the specification requires, of the types it names.
    const ept = JSON.parse(await readFile(path.join(out, 'ept.json'), 'utf8'));
    expect(Object.keys(ept).sort()).toEqual(
      ['bounds', 'boundsConformed', 'dataType', 'hierarchyType', 'points', 'schema', 'span', 'srs', 'version'].sort(),
    );
    expect(ept).toMatchObject({ dataType: 'binary', hierarchyType: 'json', points: COUNT, version: '1.1.0' });
    expect(ept.srs).toBeTypeOf('object');
    expect(Number.isInteger(ept.span) && ept.span > 0).toBe(true);
    const [bx0, by0, bz0, bx1, by1, bz1] = ept.bounds as [number, number, number, number, number, number];
    // The bounds are a cube holding the conformed bounds.
    expect(bx1 - bx0).toBeCloseTo(by1 - by0, 6);
    expect(bx1 - bx0).toBeCloseTo(bz1 - bz0, 6);
    const names = (ept.schema as TSchemaEntry[]).map((entry) => entry.name);
    expect(names).toEqual(['X', 'Y', 'Z', 'Intensity', 'Classification', 'Red', 'Green', 'Blue']);
    for (const entry of ept.schema as TSchemaEntry[]) {
      expect(['signed', 'unsigned', 'float']).toContain(entry.type);
      expect([1, 2, 4, 8]).toContain(entry.size);
    }

    // The LAS file's own points, in stored integers.
    const expected = new Map<string, TLasPoint & { index: number }>();
    const point: TLasPoint = { x: 0, y: 0, z: 0, intensity: 0, classification: 0 };
    const low = [Infinity, Infinity, Infinity];
    const high = [-Infinity, -Infinity, -Infinity];
    for (let index = 0; index < COUNT; index++) {
      generatedPoint(index, COUNT, 100, point);
      expected.set(`${point.x},${point.y},${point.z}`, { ...point, index });
      [point.x, point.y, point.z].forEach((value, axis) => {
        low[axis] = Math.min(low[axis]!, value);
        high[axis] = Math.max(high[axis]!, value);
      });
    }
    expect(expected.size).toBe(COUNT);
    expect(ept.boundsConformed).toEqual([...low, ...high].map((value) => value * 0.001));

    // The hierarchy names every data file, with its count, and every node's parent.
    const hierarchy = JSON.parse(await readFile(path.join(out, 'ept-hierarchy', '0-0-0-0.json'), 'utf8')) as Record<
      string,
      number
    >;
    const files = (await readdir(path.join(out, 'ept-data'))).map((name) => name.replace(/\.bin$/, '')).sort();
    expect(
      Object.keys(hierarchy)
        .filter((key) => hierarchy[key]! > 0)
        .sort(),
    ).toEqual(files);
    expect(files.length).toBeGreaterThan(8);
    expect(summary).toMatchObject({ points: COUNT, nodes: Object.keys(hierarchy).length });
    for (const key of Object.keys(hierarchy)) {
      const [depth, x, y, z] = key.split('-').map(Number) as [number, number, number, number];
      if (depth > 0) expect(hierarchy, key).toHaveProperty(`${depth - 1}-${x >> 1}-${y >> 1}-${z >> 1}`);
    }

    // Every record decoded by the schema: each LAS point exactly once, inside its node's cube.
    const seen = new Set<string>();
    const cube = bx1 - bx0;
    for (const key of files) {
      const [depth, nx, ny, nz] = key.split('-').map(Number) as [number, number, number, number];
      const rows = decode(await readFile(path.join(out, 'ept-data', `${key}.bin`)), ept.schema);
      expect(rows.length, key).toBe(hierarchy[key]);
      const size = cube / 2 ** depth;
      // Checked in plain code and counted, so 60,000 points cost no more than a moment.
      const wrong: string[] = [];
      for (const row of rows) {
        const id = `${row.X},${row.Y},${row.Z}`;
        const original = expected.get(id);
        if (!original) wrong.push(`${id} is no input point`);
        else if (seen.has(id)) wrong.push(`${id} twice`);
        else if (
          row.Intensity !== original.intensity ||
          row.Classification !== original.classification ||
          row.Red !== (original.index * 13) % 65_536
        ) {
          wrong.push(`${id} has other attributes`);
        }
        seen.add(id);
        const world = [row.X! * 0.001, row.Y! * 0.001, row.Z! * 0.001];
        const nodeLow = [bx0 + nx * size, by0 + ny * size, bz0 + nz * size];
        if (world.some((value, axis) => value < nodeLow[axis]! - 1e-9 || value >= nodeLow[axis]! + size + 1e-9)) {
          wrong.push(`${id} lies outside node ${key}`);
        }
      }
      expect(wrong.slice(0, 5), key).toEqual([]);
    }
    expect(seen.size).toBe(COUNT);

    // Coarse first: the root holds a thin sample of the whole, never more than the node limit.
    expect(hierarchy['0-0-0-0']).toBeGreaterThan(1_000);
    expect(Math.max(...Object.values(hierarchy))).toBeLessThanOrEqual(5_000);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((value, index) => index === 0 || value >= progress[index - 1]!)).toBe(true);
  }, 60_000);

  it('refuses a file that is not LAS, and a LAS whose header promises more points than it holds', async () => {
    const text = path.join(dir, 'notes.las');
    await writeFile(text, 'x'.repeat(400));
    await expect(convertLasToEpt(text, path.join(dir, 'none'))).rejects.toBeInstanceOf(UnreadablePointCloudError);

    const cut = path.join(dir, 'cut.las');
    await writeGeneratedLas(cut, 1_000);
    const bytes = await readFile(cut);
    await writeFile(cut, bytes.subarray(0, bytes.length - 26 * 10));
    await expect(convertLasToEpt(cut, path.join(dir, 'cut-tree'))).rejects.toThrow(
      /states 1000 points, but the file holds 990/,
    );
  }, 30_000);
});
