import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * An EPT tree read back as an independent reader would (decisions 226 and 244): `ept.json` checked
 * against the fields EPT's specification requires (entwine.io/en/latest/entwine-point-tile.html),
 * the hierarchy against the node files and every node's parent, and every node's records decoded by
 * the schema it declares, each point checked to lie in its node's cube (within `slack`, the
 * rounding of the stored grid).
 */

export type TSchemaEntry = {
  name: string;
  type: 'signed' | 'unsigned' | 'float';
  size: number;
  scale?: number;
  offset?: number;
};

export type TTreeRow = Record<string, number> & { x: number; y: number; z: number };

/** Decodes a node's binary records by the schema alone, as EPT's readers do. */
export function decodeRecords(bytes: Buffer, schema: TSchemaEntry[]) {
  const recordSize = schema.reduce((sum, entry) => sum + entry.size, 0);
  expect(bytes.length % recordSize).toBe(0);
  const rows: Record<string, number>[] = [];
  for (let at = 0; at < bytes.length; at += recordSize) {
    const row: Record<string, number> = {};
    let offset = at;
    for (const entry of schema) {
      row[entry.name] =
        entry.type === 'signed'
          ? bytes.readIntLE(offset, entry.size)
          : entry.type === 'unsigned'
            ? bytes.readUIntLE(offset, entry.size)
            : entry.size === 4
              ? bytes.readFloatLE(offset)
              : bytes.readDoubleLE(offset);
      offset += entry.size;
    }
    rows.push(row);
  }
  return rows;
}

/** Reads and checks the tree in `out`; answers ept.json, the hierarchy, and every point with its world coordinates. */
export async function readTree(out: string, slack = 1e-9) {
  const ept = JSON.parse(await readFile(path.join(out, 'ept.json'), 'utf8'));
  expect(Object.keys(ept).sort()).toEqual(
    ['bounds', 'boundsConformed', 'dataType', 'hierarchyType', 'points', 'schema', 'span', 'srs', 'version'].sort(),
  );
  expect(ept).toMatchObject({ dataType: 'binary', hierarchyType: 'json', version: '1.1.0' });
  expect(ept.srs).toBeTypeOf('object');
  expect(Number.isInteger(ept.span) && ept.span > 0).toBe(true);
  const schema = ept.schema as TSchemaEntry[];
  for (const entry of schema) {
    expect(['signed', 'unsigned', 'float']).toContain(entry.type);
    expect([1, 2, 4, 8]).toContain(entry.size);
  }
  const [bx0, by0, bz0, bx1, by1, bz1] = ept.bounds as number[] as [number, number, number, number, number, number];
  // The bounds are a cube holding the conformed bounds.
  expect(bx1 - bx0).toBeCloseTo(by1 - by0, 6);
  expect(bx1 - bx0).toBeCloseTo(bz1 - bz0, 6);
  const conformed = ept.boundsConformed as number[];
  for (let axis = 0; axis < 3; axis++) {
    expect(conformed[axis]!).toBeGreaterThanOrEqual((ept.bounds as number[])[axis]! - slack);
    expect(conformed[axis + 3]!).toBeLessThanOrEqual((ept.bounds as number[])[axis + 3]! + slack);
  }

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
  for (const key of Object.keys(hierarchy)) {
    const [depth, x, y, z] = key.split('-').map(Number) as [number, number, number, number];
    if (depth > 0) expect(hierarchy, key).toHaveProperty(`${depth - 1}-${x >> 1}-${y >> 1}-${z >> 1}`);
  }

  const axes = schema.slice(0, 3);
  const cube = bx1 - bx0;
  const rows: TTreeRow[] = [];
  const outside: string[] = [];
  for (const key of files) {
    const [depth, nx, ny, nz] = key.split('-').map(Number) as [number, number, number, number];
    const decoded = decodeRecords(await readFile(path.join(out, 'ept-data', `${key}.bin`)), schema);
    expect(decoded.length, key).toBe(hierarchy[key]);
    const size = cube / 2 ** depth;
    const nodeLow = [bx0 + nx * size, by0 + ny * size, bz0 + nz * size];
    for (const row of decoded) {
      const world = axes.map((entry) => row[entry.name]! * (entry.scale ?? 1) + (entry.offset ?? 0));
      if (world.some((value, axis) => value < nodeLow[axis]! - slack || value > nodeLow[axis]! + size + slack)) {
        outside.push(`${world.join(',')} lies outside node ${key}`);
      }
      rows.push({ ...row, x: world[0]!, y: world[1]!, z: world[2]! });
    }
  }
  expect(outside.slice(0, 5)).toEqual([]);
  expect(rows.length).toBe(ept.points);
  // Coarse first: no node holds more than a leaf may.
  expect(hierarchy['0-0-0-0']).toBeGreaterThan(0);
  return { ept, hierarchy, files, rows };
}
