import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree, type TTreeRow } from '../../../test/ept-trees.ts';
import { generatedPoint, type TLasPoint, writeGeneratedLas } from '../../../test/las-files.ts';
import {
  e57LocalPoint,
  e57WorldPoint,
  makeE57,
  makeLas14,
  plyColor,
  type TE57Scan,
  type TPlyEncoding,
  TWO_SCANS,
  writeGeneratedLaz,
  writeGeneratedPly,
} from '../../../test/point-files.ts';
import { openE57Source } from './e57-source.ts';
import { convertFileToEpt } from './open-point-source.ts';
import { UnreadablePointCloudError } from './point-source.ts';

/**
 * The readers of LAZ, PLY and E57 (decision 244), each through the whole conversion: the tree is
 * read back by EPT's schema alone (test/ept-trees.ts) and every point compared with the points the
 * file was generated from; files the converter cannot read fail with the reason the provider sees.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'point-sources-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SMALL_NODES = { maxNodePoints: 5_000, bufferBudgetBytes: 1024 * 1024 };

describe('the LAZ reader', () => {
  it('decodes LAZ chunks with laz-perf into the same tree, byte for byte, as the same points in LAS', async () => {
    const count = 60_000;
    const las = path.join(dir, 'cloud.las');
    const laz = path.join(dir, 'cloud.laz');
    await writeGeneratedLas(las, count);
    // Chunks of 25,000: the last holds what is left.
    await writeGeneratedLaz(laz, count, 100, 25_000);
    expect((await readFile(laz)).length).toBeLessThan((await readFile(las)).length / 2);
    const fromLas = await convertFileToEpt(las, path.join(dir, 'las-tree'), SMALL_NODES);
    const progress: number[] = [];
    const fromLaz = await convertFileToEpt(laz, path.join(dir, 'laz-tree'), {
      ...SMALL_NODES,
      onProgress: (done) => progress.push(done),
    });
    expect(fromLaz).toEqual(fromLas);
    expect(fromLaz.points).toBe(count);
    expect(progress.at(-1)).toBe(1);

    const tree = await readTree(path.join(dir, 'laz-tree'));
    expect(tree.files.length).toBeGreaterThan(8);
    for (const name of ['ept.json', 'ept-hierarchy/0-0-0-0.json', ...tree.files.map((key) => `ept-data/${key}.bin`)]) {
      const same = (await readFile(path.join(dir, 'laz-tree', name))).equals(
        await readFile(path.join(dir, 'las-tree', name)),
      );
      expect(same, name).toBe(true);
    }
    // And the points are the generated ones, attributes included.
    const point: TLasPoint = { x: 0, y: 0, z: 0, intensity: 0, classification: 0 };
    const expected = new Map<string, TLasPoint>();
    for (let index = 0; index < count; index++) {
      generatedPoint(index, count, 100, point);
      expected.set(`${point.x},${point.y},${point.z}`, { ...point });
    }
    const wrong = tree.rows.filter((row) => {
      const original = expected.get(`${row.X},${row.Y},${row.Z}`);
      return !original || original.intensity !== row.Intensity || original.classification !== row.Classification;
    });
    expect(wrong.slice(0, 3)).toEqual([]);
  }, 60_000);

  it('refuses a LAZ without a chunk table, saying why', async () => {
    const laz = path.join(dir, 'no-table.laz');
    await writeGeneratedLaz(laz, 1_000);
    const bytes = await readFile(laz);
    const dataOffset = bytes.readUInt32LE(96);
    bytes.writeBigInt64LE(-1n, dataOffset);
    await writeFile(laz, bytes);
    await expect(convertFileToEpt(laz, path.join(dir, 'no-table-tree'))).rejects.toThrow(
      new UnreadablePointCloudError(
        'The LAZ file has no chunk table (its writer could not go back to add one), so it cannot be read by parts.',
      ),
    );
  });
});

describe('LAS 1.4 point formats 6, 7 and 8 in LAZ (layered chunks)', () => {
  for (const format of [6, 7, 8] as const) {
    it(`decodes format ${format} into the same tree, byte for byte, as the same points in LAS`, async () => {
      const count = 30_000;
      const las = path.join(dir, `cloud-${format}.las`);
      const laz = path.join(dir, `cloud-${format}.laz`);
      await writeFile(las, makeLas14(count, format, null));
      // Chunks of 12,000: the last holds what is left.
      await writeFile(laz, makeLas14(count, format, { chunkSize: 12_000 }));
      expect((await readFile(laz)).length).toBeLessThan((await readFile(las)).length / 2);
      const fromLas = await convertFileToEpt(las, path.join(dir, `las-${format}-tree`), SMALL_NODES);
      const fromLaz = await convertFileToEpt(laz, path.join(dir, `laz-${format}-tree`), SMALL_NODES);
      expect(fromLaz).toEqual(fromLas);
      expect(fromLaz.points).toBe(count);
      const tree = await readTree(path.join(dir, `laz-${format}-tree`));
      for (const name of [
        'ept.json',
        'ept-hierarchy/0-0-0-0.json',
        ...tree.files.map((key) => `ept-data/${key}.bin`),
      ]) {
        const same = (await readFile(path.join(dir, `laz-${format}-tree`, name))).equals(
          await readFile(path.join(dir, `las-${format}-tree`, name)),
        );
        expect(same, name).toBe(true);
      }
      // Colour from format 7 on, and every point with its own attributes.
      const schema = JSON.parse(await readFile(path.join(dir, `laz-${format}-tree`, 'ept.json'), 'utf8')).schema;
      expect(schema.some((field: { name: string }) => field.name === 'Red')).toBe(format >= 7);
      const point: TLasPoint = { x: 0, y: 0, z: 0, intensity: 0, classification: 0 };
      const expected = new Map<string, { point: TLasPoint; index: number }>();
      for (let index = 0; index < count; index++) {
        generatedPoint(index, count, 100, point);
        expected.set(`${point.x},${point.y},${point.z}`, { point: { ...point }, index });
      }
      const wrong = tree.rows.filter((row) => {
        const original = expected.get(`${row.X},${row.Y},${row.Z}`);
        if (!original) return true;
        const { point: p, index } = original;
        const colour = format < 7 || (row.Red === (index * 13) % 65_536 && row.Blue === (index * 71) % 65_536);
        return p.intensity !== row.Intensity || p.classification !== row.Classification || !colour;
      });
      expect(tree.rows.length).toBe(count);
      expect(wrong.slice(0, 3)).toEqual([]);
    }, 60_000);
  }
});

describe('the PLY reader', () => {
  const cases: { encoding: TPlyEncoding; double: boolean; color: 'uchar' | 'ushort'; count: number }[] = [
    { encoding: 'ascii', double: false, color: 'uchar', count: 20_000 },
    { encoding: 'binary_little_endian', double: false, color: 'uchar', count: 60_000 },
    { encoding: 'binary_big_endian', double: true, color: 'ushort', count: 60_000 },
  ];
  for (const { encoding, double, color, count } of cases) {
    it(`reads ${encoding} (${double ? 'double' : 'float'}, ${color} colour), skipping the other elements and properties`, async () => {
      const ply = path.join(dir, `${encoding}.ply`);
      await writeGeneratedPly(ply, count, { encoding, double, color });
      const out = path.join(dir, `${encoding}-tree`);
      const summary = await convertFileToEpt(ply, out, SMALL_NODES);
      expect(summary.points).toBe(count);
      // Stored on a 0.1 mm grid: a point may sit that far outside the exact cube of its node.
      const tree = await readTree(out, 1e-4);
      expect(tree.ept.points).toBe(count);
      expect(tree.ept.schema.map((entry: { name: string }) => entry.name)).toEqual([
        'X',
        'Y',
        'Z',
        'Intensity',
        'Classification',
        'Red',
        'Green',
        'Blue',
      ]);
      expect(tree.ept.schema[0].scale).toBe(0.0001);
      expect(tree.files.length).toBeGreaterThan(8);

      const point: TLasPoint = { x: 0, y: 0, z: 0, intensity: 0, classification: 0 };
      const byPlace = new Map<string, number>();
      for (let index = 0; index < count; index++) {
        generatedPoint(index, count, 100, point);
        byPlace.set(`${point.x},${point.y},${point.z}`, index);
      }
      const seen = new Set<number>();
      const wrong: string[] = [];
      for (const row of tree.rows) {
        // Float coordinates of metres hold about 6 µm here: the nearest millimetre is the point.
        const key = [row.x, row.y, row.z].map((value) => Math.round(value * 1000)).join(',');
        const index = byPlace.get(key);
        if (index === undefined) {
          wrong.push(`${key} is no input point`);
          continue;
        }
        if (seen.has(index)) wrong.push(`${key} twice`);
        seen.add(index);
        generatedPoint(index, count, 100, point);
        const [red, green, blue] = plyColor(index).map((value) => value * 257);
        if (row.Red !== red || row.Green !== green || row.Blue !== blue || row.Intensity !== point.intensity) {
          wrong.push(`${key} has other attributes`);
        }
        if ([row.x - point.x / 1000, row.y - point.y / 1000, row.z - point.z / 1000].some((d) => Math.abs(d) > 1e-4)) {
          wrong.push(`${key} moved`);
        }
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(seen.size).toBe(count);
    }, 60_000);
  }

  it('refuses a PLY with fewer vertices than its header states', async () => {
    const ply = path.join(dir, 'cut.ply');
    await writeGeneratedPly(ply, 1_000, { encoding: 'binary_little_endian', color: null });
    const bytes = await readFile(ply);
    // Records of 3 floats, nx and a ushort intensity: 18 bytes; the faces (26 bytes) and 10 vertices go.
    await writeFile(ply, bytes.subarray(0, bytes.length - 26 - 18 * 10));
    await expect(convertFileToEpt(ply, path.join(dir, 'cut-tree'))).rejects.toThrow(
      new UnreadablePointCloudError('The PLY header states 1000 vertices, but the file holds 990.'),
    );
  });
});

describe('the E57 reader', () => {
  it('merges two scans, each moved by its pose, from bitpacked packets in checked pages', async () => {
    const e57 = path.join(dir, 'two-scans.e57');
    const bytes = makeE57(TWO_SCANS);
    expect(bytes.length % 1024).toBe(0);
    await writeFile(e57, bytes);
    const out = path.join(dir, 'e57-tree');
    const summary = await convertFileToEpt(e57, out, SMALL_NODES);

    // The points expected: every scan's own, after its pose; invalid ones left out.
    const expected = new Map<string, { scan: TE57Scan; index: number }>();
    const low = [Infinity, Infinity, Infinity];
    const high = [-Infinity, -Infinity, -Infinity];
    TWO_SCANS.forEach((scan, scanIndex) => {
      for (let index = 0; index < scan.count; index++) {
        if (scan.invalidEvery && index % scan.invalidEvery === scan.invalidEvery - 1) continue;
        const world = e57WorldPoint(scan, e57LocalPoint(scan, scanIndex, index));
        expected.set(world.map((value) => Math.round(value * 1000)).join(','), { scan, index });
        world.forEach((value, axis) => {
          low[axis] = Math.min(low[axis]!, value);
          high[axis] = Math.max(high[axis]!, value);
        });
      }
    });
    const invalid = Math.floor(20_000 / 97);
    expect(expected.size).toBe(50_000 - invalid);
    expect(summary.points).toBe(50_000 - invalid);

    const tree = await readTree(out, 1e-4);
    expect(tree.files.length).toBeGreaterThan(4);
    tree.ept.boundsConformed.forEach((value: number, at: number) => {
      expect(Math.abs(value - [...low, ...high][at]!)).toBeLessThan(1e-3);
    });
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const row of tree.rows) {
      const key = [row.x, row.y, row.z].map((value) => Math.round(value * 1000)).join(',');
      const found = expected.get(key);
      if (!found) {
        wrong.push(`${key} is no input point`);
        continue;
      }
      if (seen.has(key)) wrong.push(`${key} twice`);
      seen.add(key);
      const scanIndex = TWO_SCANS.indexOf(found.scan);
      const local = e57LocalPoint(found.scan, scanIndex, found.index);
      const intensity =
        found.scan.intensity === 'integer'
          ? Math.round((local.intensity / 2047) * 65_535)
          : Math.round(local.intensity * 65_535);
      if (Math.abs(row.Intensity! - intensity) > 1)
        wrong.push(`${key} has intensity ${row.Intensity}, not ${intensity}`);
      const colour = found.scan.color ? [local.red, local.green, local.blue].map((value) => value * 257) : [0, 0, 0];
      if (row.Red !== colour[0] || row.Green !== colour[1] || row.Blue !== colour[2]) {
        wrong.push(`${key} has another colour`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(seen.size).toBe(expected.size);
  }, 60_000);

  // Two stations as a terrestrial scanner exports them: turned about an oblique axis and moved.
  const turn = (degrees: number, axis: [number, number, number]): [number, number, number, number] => {
    const half = (degrees * Math.PI) / 360;
    const n = Math.hypot(...axis);
    return [Math.cos(half), ...(axis.map((value) => (Math.sin(half) * value) / n) as [number, number, number])];
  };
  const STATIONS: TE57Scan[] = [
    {
      name: 'Station 1',
      count: 30_000,
      coordinates: 'double',
      color: true,
      intensity: 'integer',
      invalidEvery: 89,
      rotation: turn(30, [1, 1, 1]),
      translation: [512_003.25, 5_400_001.5, 41],
    },
    {
      name: 'Station 2',
      count: 20_000,
      coordinates: 'scaled',
      color: false,
      intensity: 'float',
      bounds: true,
      rotation: turn(-115, [0.2, -0.1, 1]),
      translation: [512_020, 5_400_012, 40.5],
    },
  ];

  it('converts spherical scans (doubles and scaled integers) to where the same points written as cartesian land', async () => {
    const cartesian = path.join(dir, 'stations-cartesian.e57');
    const spherical = path.join(dir, 'stations-spherical.e57');
    await writeFile(cartesian, makeE57(STATIONS));
    await writeFile(spherical, makeE57(STATIONS.map((scan) => ({ ...scan, spherical: true }))));
    const fromCartesian = await convertFileToEpt(cartesian, path.join(dir, 'cartesian-tree'), SMALL_NODES);
    const fromSpherical = await convertFileToEpt(spherical, path.join(dir, 'spherical-tree'), SMALL_NODES);
    // Station 1's invalid points (range 0, sphericalInvalidState 2) are left out as the cartesian ones are.
    const points = 50_000 - Math.floor(30_000 / 89);
    expect(fromCartesian.points).toBe(points);
    expect(fromSpherical.points).toBe(points);

    const expectedTree = await readTree(path.join(dir, 'cartesian-tree'), 1e-4);
    const tree = await readTree(path.join(dir, 'spherical-tree'), 1e-4);
    tree.ept.boundsConformed.forEach((value: number, at: number) => {
      expect(Math.abs(value - expectedTree.ept.boundsConformed[at])).toBeLessThan(1e-3);
    });
    // Each point of the spherical tree is one of the cartesian tree's, within the 0.1 mm grid both are
    // stored on (and the scaled angles' 0.1 µrad), with the same attributes.
    const cell = (value: number) => Math.floor(value / 0.01);
    const byCell = new Map<string, TTreeRow[]>();
    for (const row of expectedTree.rows) {
      const key = [row.x, row.y, row.z].map(cell).join(',');
      byCell.set(key, [...(byCell.get(key) ?? []), row]);
    }
    const matched = new Set<TTreeRow>();
    const wrong: string[] = [];
    for (const row of tree.rows) {
      const [cx, cy, cz] = [row.x, row.y, row.z].map(cell) as [number, number, number];
      let found: TTreeRow | undefined;
      for (let dx = -1; dx <= 1 && !found; dx++) {
        for (let dy = -1; dy <= 1 && !found; dy++) {
          for (let dz = -1; dz <= 1 && !found; dz++) {
            found = byCell
              .get(`${cx + dx},${cy + dy},${cz + dz}`)
              ?.find(
                (other) =>
                  !matched.has(other) &&
                  Math.abs(other.x - row.x) < 2e-4 &&
                  Math.abs(other.y - row.y) < 2e-4 &&
                  Math.abs(other.z - row.z) < 2e-4 &&
                  ['Intensity', 'Red', 'Green', 'Blue'].every((name) => other[name] === row[name]),
              );
          }
        }
      }
      if (found) matched.add(found);
      else wrong.push(`${[row.x, row.y, row.z].join(',')} is no cartesian point`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(matched.size).toBe(points);
  }, 60_000);

  it('states bounds from cartesianBounds after the pose, and leaves them to be measured when a scan states only sphericalBounds', async () => {
    const stated = path.join(dir, 'stated-bounds.e57');
    await writeFile(stated, makeE57([STATIONS[1]!]));
    const source = await openE57Source(stated);
    expect(source.bounds).not.toBeNull();
    const { min, max } = source.bounds!;
    let inside = 0;
    for (let index = 0; index < STATIONS[1]!.count; index++) {
      const world = e57WorldPoint(STATIONS[1]!, e57LocalPoint(STATIONS[1]!, 0, index));
      if (world.every((value, axis) => value >= min[axis]! - 1e-9 && value <= max[axis]! + 1e-9)) inside++;
    }
    expect(inside).toBe(STATIONS[1]!.count);

    const sphericalOnly = path.join(dir, 'spherical-bounds.e57');
    await writeFile(sphericalOnly, makeE57([{ ...STATIONS[1]!, spherical: true }]));
    const sphericalSource = await openE57Source(sphericalOnly);
    expect(sphericalSource.bounds).toBeNull();
    expect(sphericalSource.pointCount).toBe(STATIONS[1]!.count);
  });

  it('fails clearly on a page whose checksum does not match, and on a codec it does not read', async () => {
    const bytes = makeE57(TWO_SCANS);
    // One flipped bit in the fifth page, inside the first scan's packets.
    bytes[4 * 1024 + 100]! ^= 0x10;
    const damaged = path.join(dir, 'damaged.e57');
    await writeFile(damaged, bytes);
    const refusal = convertFileToEpt(damaged, path.join(dir, 'damaged-tree'));
    await expect(refusal).rejects.toBeInstanceOf(UnreadablePointCloudError);
    await expect(refusal).rejects.toThrow('The E57 file is damaged: page 5 fails its checksum (at byte 4096).');

    const codec = path.join(dir, 'codec.e57');
    await writeFile(codec, makeE57([{ ...TWO_SCANS[1]!, name: 'Station 5', count: 100, codec: 'zlibCodec' }]));
    await expect(convertFileToEpt(codec, path.join(dir, 'codec-tree'))).rejects.toThrow(
      new UnreadablePointCloudError(
        'The E57 scan "Station 5" is compressed with a codec other than bitpack, which is not converted.',
      ),
    );
  }, 30_000);
});
