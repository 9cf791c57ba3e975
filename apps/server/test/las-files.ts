import { randomUUID } from 'node:crypto';
import { open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * LAS 1.2 files of point format 2 (XYZ, intensity, classification, RGB) made by code for the
 * tests and the bench, written in chunks so a file of 50 M points never sits in memory. Points lie
 * on a noisy sloping grid over `side` metres with millimetre scale, every one distinct.
 */

const HEADER_SIZE = 227;
export const LAS_RECORD_LENGTH = 26;
const RECORD_LENGTH = LAS_RECORD_LENGTH;
const SCALE = 0.001;
const CHUNK_POINTS = 100_000;

export type TLasPoint = { x: number; y: number; z: number; intensity: number; classification: number };

/** The stored (integer) point at `index` of a generated cloud of `count` points. */
export function generatedPoint(index: number, count: number, side: number, out: TLasPoint) {
  const columns = Math.ceil(Math.sqrt(count));
  const step = (side * 1000) / columns;
  const column = index % columns;
  const row = Math.floor(index / columns);
  out.x = Math.round(column * step);
  out.y = Math.round(row * step);
  // A slope and a ripple: heights vary, so the tree splits in three dimensions.
  out.z = Math.round(column * 7 + row * 3 + 2000 * Math.sin(index * 0.001));
  out.intensity = index % 65_536;
  out.classification = index % 20;
}

/** The 227-byte header of a generated cloud (format 2, millimetre scale). */
export function lasHeader(count: number, min: number[], max: number[]) {
  const bytes = Buffer.alloc(HEADER_SIZE);
  bytes.write('LASF', 0, 'latin1');
  bytes.writeUInt8(1, 24);
  bytes.writeUInt8(2, 25);
  bytes.write('SpaceCapture tests', 26, 'latin1');
  bytes.writeUInt16LE(HEADER_SIZE, 94);
  bytes.writeUInt32LE(HEADER_SIZE, 96);
  bytes.writeUInt8(2, 104);
  bytes.writeUInt16LE(RECORD_LENGTH, 105);
  bytes.writeUInt32LE(count, 107);
  for (let axis = 0; axis < 3; axis++) {
    bytes.writeDoubleLE(SCALE, 131 + axis * 8);
    bytes.writeDoubleLE(0, 155 + axis * 8);
    bytes.writeDoubleLE(max[axis]! * SCALE, 179 + axis * 16);
    bytes.writeDoubleLE(min[axis]! * SCALE, 187 + axis * 16);
  }
  return bytes;
}

/** One generated point's record; colour follows from its index. */
export function lasRecord(point: TLasPoint, into: Buffer, at: number, index: number) {
  into.writeInt32LE(point.x, at);
  into.writeInt32LE(point.y, at + 4);
  into.writeInt32LE(point.z, at + 8);
  into.writeUInt16LE(point.intensity, at + 12);
  into.writeUInt8(0, at + 14);
  into.writeUInt8(point.classification, at + 15);
  into.writeInt8(0, at + 16);
  into.writeUInt8(0, at + 17);
  into.writeUInt16LE(0, at + 18);
  into.writeUInt16LE((index * 13) % 65_536, at + 20);
  into.writeUInt16LE((index * 29) % 65_536, at + 22);
  into.writeUInt16LE((index * 71) % 65_536, at + 24);
}

/** Writes a generated cloud of `count` points to `file`; resolves with its stored bounds. */
export async function writeGeneratedLas(file: string, count: number, side = 100) {
  const point: TLasPoint = { x: 0, y: 0, z: 0, intensity: 0, classification: 0 };
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const handle = await open(file, 'w');
  try {
    const chunk = Buffer.alloc(CHUNK_POINTS * RECORD_LENGTH);
    for (let first = 0; first < count; first += CHUNK_POINTS) {
      const n = Math.min(CHUNK_POINTS, count - first);
      for (let i = 0; i < n; i++) {
        generatedPoint(first + i, count, side, point);
        lasRecord(point, chunk, i * RECORD_LENGTH, first + i);
        const values = [point.x, point.y, point.z];
        for (let axis = 0; axis < 3; axis++) {
          min[axis] = Math.min(min[axis]!, values[axis]!);
          max[axis] = Math.max(max[axis]!, values[axis]!);
        }
      }
      await handle.write(chunk, 0, n * RECORD_LENGTH, HEADER_SIZE + first * RECORD_LENGTH);
    }
    await handle.write(lasHeader(count, min, max), 0, HEADER_SIZE, 0);
  } finally {
    await handle.close();
  }
  return { min, max };
}

/** A generated cloud's bytes, for tests that upload it. */
export async function makeGeneratedLas(count: number) {
  const file = path.join(os.tmpdir(), `generated-${randomUUID()}.las`);
  await writeGeneratedLas(file, count);
  try {
    return await readFile(file);
  } finally {
    await rm(file, { force: true });
  }
}
