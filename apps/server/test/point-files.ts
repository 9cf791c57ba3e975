import { open } from 'node:fs/promises';
import {
  compressChunk,
  compressLayeredChunk,
  layeredItems,
  writeChunkTable,
} from '../../web/src/features/deliverable-viewer/point-cloud/test/laz-writer.ts';
import { crc32c } from '../src/modules/point-trees/e57-source.ts';
import { generatedPoint, LAS_RECORD_LENGTH, lasHeader, lasRecord, type TLasPoint } from './las-files.ts';

/**
 * LAZ, PLY and E57 point clouds made by code for the tests and the bench (decision 244), beside
 * the LAS ones of las-files.ts and of the same generated points, written in pieces so a large one
 * never sits in memory.
 *
 * - LAZ: the LAS records of `writeGeneratedLas`, compressed chunk by chunk by the viewer's test
 *   LASzip writer (point format 2, LASzip 2.2 chunks; laz-perf has no encoder), with the chunk table.
 * - PLY: the same points in metres, in any of the three encodings, with an element before the
 *   vertices and faces after them (both to be skipped), a property the reader ignores, colour as
 *   uchar or ushort and an intensity.
 * - E57: scans of their own points, each with a pose (a rotation quaternion and a translation),
 *   as cartesian or spherical coordinates, packed by the bitpack codec into data packets, in
 *   1024-byte pages with their CRC-32C.
 */

const LAZ_CHUNK = 50_000;
const LASZIP_VLR_PAYLOAD = 34 + 6 * 2;

/** Writes the cloud `writeGeneratedLas` writes, compressed as LAZ; resolves with its stored bounds. */
export async function writeGeneratedLaz(file: string, count: number, side = 100, chunkSize = LAZ_CHUNK) {
  const point: TLasPoint = { x: 0, y: 0, z: 0, intensity: 0, classification: 0 };
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const vlrAt = 227;
  const dataOffset = vlrAt + 54 + LASZIP_VLR_PAYLOAD;
  const handle = await open(file, 'w');
  try {
    let at = dataOffset + 8;
    const chunkBytes: number[] = [];
    const records = Buffer.alloc(chunkSize * LAS_RECORD_LENGTH);
    for (let first = 0; first < count; first += chunkSize) {
      const n = Math.min(chunkSize, count - first);
      for (let i = 0; i < n; i++) {
        generatedPoint(first + i, count, side, point);
        lasRecord(point, records, i * LAS_RECORD_LENGTH, first + i);
        [point.x, point.y, point.z].forEach((value, axis) => {
          min[axis] = Math.min(min[axis]!, value);
          max[axis] = Math.max(max[axis]!, value);
        });
      }
      const chunk = compressChunk(records.subarray(0, n * LAS_RECORD_LENGTH), 2);
      await handle.write(chunk, 0, chunk.length, at);
      at += chunk.length;
      chunkBytes.push(chunk.length);
    }
    const table = writeChunkTable(chunkBytes, null);
    await handle.write(table, 0, table.length, at);
    const header = Buffer.alloc(dataOffset + 8);
    lasHeader(count, min, max).copy(header);
    header.writeUInt32LE(dataOffset, 96);
    header.writeUInt32LE(1, 100);
    header.writeUInt8(2 | 0x80, 104);
    header.write('laszip encoded', vlrAt + 2, 'latin1');
    header.writeUInt16LE(22204, vlrAt + 18);
    header.writeUInt16LE(LASZIP_VLR_PAYLOAD, vlrAt + 20);
    const payload = vlrAt + 54;
    header.writeUInt16LE(2, payload); // compressor: pointwise, chunked
    header.writeUInt8(2, payload + 4); // LASzip 2.2
    header.writeUInt8(2, payload + 5);
    header.writeUInt32LE(chunkSize, payload + 12);
    header.writeBigInt64LE(-1n, payload + 16);
    header.writeBigInt64LE(-1n, payload + 24);
    header.writeUInt16LE(2, payload + 32);
    [
      [6, 20],
      [8, 6],
    ].forEach(([type, size], index) => {
      header.writeUInt16LE(type!, payload + 34 + index * 6);
      header.writeUInt16LE(size!, payload + 36 + index * 6);
      header.writeUInt16LE(2, payload + 38 + index * 6);
    });
    header.writeBigInt64LE(BigInt(at), dataOffset);
    await handle.write(header, 0, header.length, 0);
  } finally {
    await handle.close();
  }
  return { min, max };
}

const LAS14_HEADER_SIZE = 375;
const LAS14_RECORD_LENGTH: Record<number, number> = { 6: 30, 7: 36, 8: 38 };

/**
 * A LAS 1.4 cloud of point format 6, 7 or 8 (the generated points, single returns, colour from
 * 7 on, one NIR value for 8) as LAS, or as LAZ in LASzip 3's layered chunks of `chunkSize` points
 * by the viewer's test writer. Small clouds only: it is built in memory.
 */
export function makeLas14(count: number, pointFormat: 6 | 7 | 8, laz: { chunkSize: number } | null, side = 100) {
  const recordLength = LAS14_RECORD_LENGTH[pointFormat]!;
  const records = Buffer.alloc(count * recordLength);
  const point: TLasPoint = { x: 0, y: 0, z: 0, intensity: 0, classification: 0 };
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let index = 0; index < count; index++) {
    generatedPoint(index, count, side, point);
    const at = index * recordLength;
    records.writeInt32LE(point.x, at);
    records.writeInt32LE(point.y, at + 4);
    records.writeInt32LE(point.z, at + 8);
    records.writeUInt16LE(point.intensity, at + 12);
    records.writeUInt8(0x11, at + 14); // return 1 of 1
    records.writeUInt8(point.classification, at + 16);
    records.writeUInt16LE(7, at + 20); // point source
    records.writeDoubleLE(1234.5, at + 22); // GPS time
    if (pointFormat >= 7) {
      records.writeUInt16LE((index * 13) % 65_536, at + 30);
      records.writeUInt16LE((index * 29) % 65_536, at + 32);
      records.writeUInt16LE((index * 71) % 65_536, at + 34);
    }
    if (pointFormat === 8) records.writeUInt16LE(500, at + 36);
    [point.x, point.y, point.z].forEach((value, axis) => {
      min[axis] = Math.min(min[axis]!, value);
      max[axis] = Math.max(max[axis]!, value);
    });
  }
  const items = laz ? layeredItems(pointFormat) : [];
  const vlrPayload = 34 + 6 * items.length;
  const dataOffset = LAS14_HEADER_SIZE + (laz ? 54 + vlrPayload : 0);
  const header = Buffer.alloc(dataOffset);
  header.write('LASF', 0, 'latin1');
  header.writeUInt8(1, 24);
  header.writeUInt8(4, 25);
  header.writeUInt16LE(LAS14_HEADER_SIZE, 94);
  header.writeUInt32LE(dataOffset, 96);
  header.writeUInt32LE(laz ? 1 : 0, 100);
  header.writeUInt8(pointFormat | (laz ? 0x80 : 0), 104);
  header.writeUInt16LE(recordLength, 105);
  for (let axis = 0; axis < 3; axis++) {
    header.writeDoubleLE(0.001, 131 + axis * 8);
    header.writeDoubleLE(max[axis]! * 0.001, 179 + axis * 16);
    header.writeDoubleLE(min[axis]! * 0.001, 187 + axis * 16);
  }
  header.writeBigUInt64LE(BigInt(count), 247);
  if (!laz) return Buffer.concat([header, records]);

  const vlrAt = LAS14_HEADER_SIZE;
  header.write('laszip encoded', vlrAt + 2, 'latin1');
  header.writeUInt16LE(22204, vlrAt + 18);
  header.writeUInt16LE(vlrPayload, vlrAt + 20);
  const payload = vlrAt + 54;
  header.writeUInt16LE(3, payload); // compressor: layered, chunked
  header.writeUInt8(3, payload + 4); // LASzip 3.4
  header.writeUInt8(4, payload + 5);
  header.writeUInt32LE(laz.chunkSize, payload + 12);
  header.writeBigInt64LE(-1n, payload + 16);
  header.writeBigInt64LE(-1n, payload + 24);
  header.writeUInt16LE(items.length, payload + 32);
  items.forEach(({ type, size, version }, index) => {
    header.writeUInt16LE(type, payload + 34 + index * 6);
    header.writeUInt16LE(size, payload + 36 + index * 6);
    header.writeUInt16LE(version, payload + 38 + index * 6);
  });
  const chunks: Uint8Array[] = [];
  for (let first = 0; first < count; first += laz.chunkSize) {
    const end = Math.min(count, first + laz.chunkSize);
    chunks.push(compressLayeredChunk(records.subarray(first * recordLength, end * recordLength), pointFormat));
  }
  const table = writeChunkTable(
    chunks.map((chunk) => chunk.length),
    null,
  );
  const tableOffset = Buffer.alloc(8);
  tableOffset.writeBigInt64LE(BigInt(dataOffset + 8 + chunks.reduce((sum, chunk) => sum + chunk.length, 0)));
  return Buffer.concat([header, tableOffset, ...chunks, table]);
}

export type TPlyEncoding = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

export type TPlyOptions = {
  encoding: TPlyEncoding;
  /** Coordinates as double (else float). */
  double?: boolean;
  color?: 'uchar' | 'ushort' | null;
  side?: number;
};

/** The colour of generated point `index`, 8-bit. */
export const plyColor = (index: number): [number, number, number] => [
  index % 256,
  (index * 7) % 256,
  (index * 13) % 256,
];

/**
 * Writes the generated cloud as PLY, coordinates in metres; each point's intensity is its
 * `generatedPoint` intensity as a ushort, and a `nx` property, a `camera` element before the
 * vertices and two faces after them are there to be skipped.
 */
export async function writeGeneratedPly(file: string, count: number, options: TPlyOptions) {
  const { encoding, double = false, color = 'uchar', side = 100 } = options;
  const coordinate = double ? 'double' : 'float';
  const header = [
    'ply',
    `format ${encoding} 1.0`,
    'comment written by point-files.ts',
    'element camera 1',
    'property float view_px',
    'property list uchar int marks',
    `element vertex ${count}`,
    `property ${coordinate} x`,
    'property float nx',
    `property ${coordinate} y`,
    `property ${coordinate} z`,
    ...(color ? ['red', 'green', 'blue'].map((name) => `property ${color} ${name}`) : []),
    'property ushort intensity',
    'element face 2',
    'property list uchar int vertex_indices',
    'end_header',
    '',
  ].join('\n');
  const little = encoding === 'binary_little_endian';
  const size = double ? 8 : 4;
  const colorSize = color === 'ushort' ? 2 : 1;
  const recordLength = size * 3 + 4 + (color ? colorSize * 3 : 0) + 2;
  const point: TLasPoint = { x: 0, y: 0, z: 0, intensity: 0, classification: 0 };
  const handle = await open(file, 'w');
  try {
    let at = 0;
    const put = async (bytes: Buffer) => {
      await handle.write(bytes, 0, bytes.length, at);
      at += bytes.length;
    };
    await put(Buffer.from(header, 'latin1'));
    if (encoding === 'ascii') await put(Buffer.from('1.5 3 7 8 9\n', 'latin1'));
    else {
      const camera = Buffer.alloc(4 + 1 + 12);
      const view = new DataView(camera.buffer);
      view.setFloat32(0, 1.5, little);
      view.setUint8(4, 3);
      for (let i = 0; i < 3; i++) view.setInt32(5 + i * 4, 7 + i, little);
      await put(camera);
    }
    const piece = 50_000;
    for (let first = 0; first < count; first += piece) {
      const n = Math.min(piece, count - first);
      if (encoding === 'ascii') {
        const lines: string[] = [];
        for (let i = 0; i < n; i++) {
          generatedPoint(first + i, count, side, point);
          const rgb = plyColor(first + i).map((value) => (color === 'ushort' ? value * 257 : value));
          lines.push(
            [
              (point.x / 1000).toFixed(3),
              '0.25',
              (point.y / 1000).toFixed(3),
              (point.z / 1000).toFixed(3),
              ...(color ? rgb : []),
              point.intensity,
            ].join(' '),
          );
        }
        await put(Buffer.from(`${lines.join('\n')}\n`, 'latin1'));
        continue;
      }
      const bytes = Buffer.alloc(n * recordLength);
      const view = new DataView(bytes.buffer);
      for (let i = 0; i < n; i++) {
        generatedPoint(first + i, count, side, point);
        let to = i * recordLength;
        const write = (value: number) => {
          if (double) view.setFloat64(to, value, little);
          else view.setFloat32(to, value, little);
          to += size;
        };
        write(point.x / 1000);
        view.setFloat32(to, 0.25, little);
        to += 4;
        write(point.y / 1000);
        write(point.z / 1000);
        if (color) {
          for (const value of plyColor(first + i)) {
            if (color === 'ushort') view.setUint16(to, value * 257, little);
            else view.setUint8(to, value);
            to += colorSize;
          }
        }
        view.setUint16(to, point.intensity, little);
      }
      await put(bytes);
    }
    if (encoding === 'ascii') await put(Buffer.from('3 0 1 2\n3 1 2 3\n', 'latin1'));
    else {
      const faces = Buffer.alloc(2 * 13);
      const view = new DataView(faces.buffer);
      for (let face = 0; face < 2; face++) {
        view.setUint8(face * 13, 3);
        for (let i = 0; i < 3; i++) view.setInt32(face * 13 + 1 + i * 4, face + i, little);
      }
      await put(faces);
    }
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// E57

export type TE57Scan = {
  name: string;
  count: number;
  /**
   * Coordinates as doubles, or as scaled integers: cartesian of 1 mm; spherical range of 0.1 mm and
   * angles of 0.1 µrad.
   */
  coordinates: 'double' | 'scaled';
  color: boolean;
  /** Integer intensities 0..2047 with limits, or single floats 0..1. */
  intensity: 'integer' | 'float';
  /**
   * Every `invalidEvery`-th point is marked invalid (its coordinates' invalid state 2; a spherical
   * one gets range 0 besides, as a scanner writes a missed return).
   */
  invalidEvery?: number;
  /** Quaternion w, x, y, z. */
  rotation?: [number, number, number, number];
  translation?: [number, number, number];
  /**
   * The same local points as range, azimuth and elevation (ASTM E2807's spherical coordinates)
   * instead of x, y, z.
   */
  spherical?: boolean;
  /** The scan states its extent: cartesianBounds in its own frame, or sphericalBounds when spherical. */
  bounds?: boolean;
  /** A variant the reader refuses: a codec other than bitpack. */
  codec?: string;
};

export type TE57Point = {
  x: number;
  y: number;
  z: number;
  red: number;
  green: number;
  blue: number;
  intensity: number;
};

/** The scan's own point `index`, before its pose: a small ripple over a 20 m square, in mm steps. */
export function e57LocalPoint(scan: TE57Scan, scanIndex: number, index: number): TE57Point {
  const columns = Math.ceil(Math.sqrt(scan.count));
  const x = ((index % columns) * 20_000) / columns / 1000;
  const y = (Math.floor(index / columns) * 20_000) / columns / 1000;
  return {
    x: Math.round(x * 1000) / 1000,
    y: Math.round(y * 1000) / 1000,
    z: Math.round((1.5 + Math.sin(index * 0.01) + scanIndex) * 1000) / 1000,
    red: index % 256,
    green: (index * 3) % 256,
    blue: (index * 5 + scanIndex) % 256,
    intensity: scan.intensity === 'integer' ? index % 2048 : (index % 1000) / 999,
  };
}

/** Where a scan's local point lands after the scan's pose. */
export function e57WorldPoint(scan: TE57Scan, local: { x: number; y: number; z: number }) {
  const [w, a, b, c] = scan.rotation ?? [1, 0, 0, 0];
  const n = Math.hypot(w, a, b, c);
  const [qw, qx, qy, qz] = [w / n, a / n, b / n, c / n];
  const m = [
    1 - 2 * (qy * qy + qz * qz),
    2 * (qx * qy - qw * qz),
    2 * (qx * qz + qw * qy),
    2 * (qx * qy + qw * qz),
    1 - 2 * (qx * qx + qz * qz),
    2 * (qy * qz - qw * qx),
    2 * (qx * qz - qw * qy),
    2 * (qy * qz + qw * qx),
    1 - 2 * (qx * qx + qy * qy),
  ];
  const t = scan.translation ?? [0, 0, 0];
  const p = [local.x, local.y, local.z];
  return [0, 1, 2].map((row) => m[row * 3]! * p[0]! + m[row * 3 + 1]! * p[1]! + m[row * 3 + 2]! * p[2]! + t[row]!) as [
    number,
    number,
    number,
  ];
}

type TFieldWriter = { xml: string; bytes: Buffer };

/** A field's whole byte stream, bitpacked: integers as (value − minimum) in `bits` bits, LSB first. */
function integerStream(values: number[], minimum: number, maximum: number) {
  let bits = 0;
  for (let range = maximum - minimum; range > 0; range = Math.floor(range / 2)) bits++;
  const bytes = Buffer.alloc(Math.ceil((values.length * bits) / 8));
  let bit = 0;
  for (const value of values) {
    let rest = value - minimum;
    for (let i = 0; i < bits; i++, bit++) {
      if (rest % 2 === 1) bytes[bit >> 3]! |= 1 << (bit & 7);
      rest = Math.floor(rest / 2);
    }
  }
  return bytes;
}

function floatStream(values: number[], single: boolean) {
  const bytes = Buffer.alloc(values.length * (single ? 4 : 8));
  values.forEach((value, index) => {
    if (single) bytes.writeFloatLE(value, index * 4);
    else bytes.writeDoubleLE(value, index * 8);
  });
  return bytes;
}

const isInvalid = (scan: TE57Scan, index: number) =>
  scan.invalidEvery !== undefined && index % scan.invalidEvery === scan.invalidEvery - 1;

/** A local point's range, azimuth and elevation (radians), as ASTM E2807 defines them. */
export function e57Spherical({ x, y, z }: { x: number; y: number; z: number }) {
  return { range: Math.hypot(x, y, z), azimuth: Math.atan2(y, x), elevation: Math.atan2(z, Math.hypot(x, y)) };
}

/** The three coordinate fields of a scan: name, values, and the scale of their scaled integers. */
function coordinateColumns(scan: TE57Scan, points: TE57Point[]) {
  if (!scan.spherical) {
    return (['x', 'y', 'z'] as const).map((axis) => ({
      name: `cartesian${axis.toUpperCase()}`,
      values: points.map((point) => point[axis]),
      scale: 0.001,
    }));
  }
  const spherical = points.map((point, index) =>
    isInvalid(scan, index) ? { ...e57Spherical(point), range: 0 } : e57Spherical(point),
  );
  return (['range', 'azimuth', 'elevation'] as const).map((part) => ({
    name: `spherical${part[0]!.toUpperCase()}${part.slice(1)}`,
    values: spherical.map((point) => point[part]),
    scale: part === 'range' ? 1e-4 : 1e-7,
  }));
}

function scanFields(scan: TE57Scan, scanIndex: number): TFieldWriter[] {
  const points = Array.from({ length: scan.count }, (_, index) => e57LocalPoint(scan, scanIndex, index));
  const fields: TFieldWriter[] = [];
  for (const { name, values, scale } of coordinateColumns(scan, points)) {
    if (scan.coordinates === 'double') {
      fields.push({ xml: `<${name} type="Float" precision="double"/>`, bytes: floatStream(values, false) });
    } else {
      const stored = values.map((value) => Math.round(value / scale));
      const low = Math.min(...stored) - 3;
      const high = Math.max(...stored) + 5;
      fields.push({
        xml: `<${name} type="ScaledInteger" minimum="${low}" maximum="${high}" scale="${scale}" offset="0"/>`,
        bytes: integerStream(stored, low, high),
      });
    }
  }
  if (scan.invalidEvery) {
    const states = points.map((_, index) => (isInvalid(scan, index) ? 2 : 0));
    const name = scan.spherical ? 'sphericalInvalidState' : 'cartesianInvalidState';
    fields.push({
      xml: `<${name} type="Integer" minimum="0" maximum="2"/>`,
      bytes: integerStream(states, 0, 2),
    });
  }
  if (scan.intensity === 'integer') {
    fields.push({
      xml: '<intensity type="Integer" minimum="0" maximum="2047"/>',
      bytes: integerStream(
        points.map((point) => point.intensity),
        0,
        2047,
      ),
    });
  } else {
    fields.push({
      xml: '<intensity type="Float" precision="single" minimum="0" maximum="1"/>',
      bytes: floatStream(
        points.map((point) => point.intensity),
        true,
      ),
    });
  }
  if (scan.color) {
    for (const channel of ['Red', 'Green', 'Blue'] as const) {
      const key = channel.toLowerCase() as 'red' | 'green' | 'blue';
      fields.push({
        xml: `<color${channel} type="Integer" minimum="0" maximum="255"/>`,
        bytes: integerStream(
          points.map((point) => point[key]),
          0,
          255,
        ),
      });
    }
  }
  // A field the reader does not use, in mid-prototype order: its stream must be skipped.
  fields.push({
    xml: '<rowIndex type="Integer" minimum="0" maximum="100000"/>',
    bytes: integerStream(
      points.map((_, index) => index % 100_000),
      0,
      100_000,
    ),
  });
  return fields;
}

/** The scan's stated extent in its own frame: cartesianBounds, or sphericalBounds when spherical. */
function statedBounds(scan: TE57Scan, scanIndex: number) {
  const points = Array.from({ length: scan.count }, (_, index) => e57LocalPoint(scan, scanIndex, index));
  const float = (name: string, values: number[], pick: 'min' | 'max') =>
    `<${name} type="Float">${values.reduce((a, b) => Math[pick](a, b))}</${name}>`;
  const extent = (names: [string, string][], columns: number[][]) =>
    names.map(([low, high], at) => float(low, columns[at]!, 'min') + float(high, columns[at]!, 'max')).join('');
  if (!scan.spherical) {
    const columns = (['x', 'y', 'z'] as const).map((axis) => points.map((point) => point[axis]));
    return `<cartesianBounds type="Structure">${extent(
      [
        ['xMinimum', 'xMaximum'],
        ['yMinimum', 'yMaximum'],
        ['zMinimum', 'zMaximum'],
      ],
      columns,
    )}</cartesianBounds>`;
  }
  const spherical = points.map(e57Spherical);
  const columns = (['range', 'elevation', 'azimuth'] as const).map((part) => spherical.map((point) => point[part]));
  return `<sphericalBounds type="Structure">${extent(
    [
      ['rangeMinimum', 'rangeMaximum'],
      ['elevationMinimum', 'elevationMaximum'],
      ['azimuthStart', 'azimuthEnd'],
    ],
    columns,
  )}</sphericalBounds>`;
}

const PAGE = 1024;
const LOGICAL_PAGE = PAGE - 4;
const toPhysical = (logical: number) => Math.floor(logical / LOGICAL_PAGE) * PAGE + (logical % LOGICAL_PAGE);
const align4 = (value: number) => Math.ceil(value / 4) * 4;

/**
 * Writes an E57 of the scans given; packets cut each field's stream in even shares, so a value's
 * bits often straddle two packets (as the format allows).
 */
export function makeE57(scans: readonly TE57Scan[]): Buffer {
  const parts: Buffer[] = [Buffer.alloc(48)];
  let logical = 48;
  const vectors: string[] = [];
  scans.forEach((scan, scanIndex) => {
    const fields = scanFields(scan, scanIndex);
    const streamBytes = fields.reduce((sum, field) => sum + field.bytes.length, 0);
    const packets = Math.max(1, Math.ceil(streamBytes / 30_000));
    const packetParts: Buffer[] = [];
    const taken = fields.map(() => 0);
    for (let packet = 0; packet < packets; packet++) {
      const slices = fields.map((field, index) => {
        const end =
          packet === packets - 1 ? field.bytes.length : Math.ceil(((packet + 1) * field.bytes.length) / packets);
        const slice = field.bytes.subarray(taken[index], end);
        taken[index] = end;
        return slice;
      });
      const length = align4(6 + 2 * fields.length + slices.reduce((sum, slice) => sum + slice.length, 0));
      const bytes = Buffer.alloc(length);
      bytes.writeUInt8(1, 0);
      bytes.writeUInt16LE(length - 1, 2);
      bytes.writeUInt16LE(fields.length, 4);
      let at = 6 + 2 * fields.length;
      slices.forEach((slice, index) => {
        bytes.writeUInt16LE(slice.length, 6 + 2 * index);
        slice.copy(bytes, at);
        at += slice.length;
      });
      packetParts.push(bytes);
    }
    // An empty packet between data packets, which a reader skips.
    const empty = Buffer.alloc(8);
    empty.writeUInt8(2, 0);
    empty.writeUInt16LE(7, 2);
    packetParts.splice(1, 0, empty);
    const sectionStart = align4(logical);
    if (sectionStart > logical) parts.push(Buffer.alloc(sectionStart - logical));
    const packetBytes = packetParts.reduce((sum, part) => sum + part.length, 0);
    const section = Buffer.alloc(32);
    section.writeUInt8(1, 0);
    section.writeBigUInt64LE(BigInt(32 + packetBytes), 8);
    section.writeBigUInt64LE(BigInt(toPhysical(sectionStart + 32)), 16);
    section.writeBigUInt64LE(0n, 24);
    parts.push(section, ...packetParts);
    logical = sectionStart + 32 + packetBytes;
    const float = (name: string, value: number) => `<${name} type="Float">${value}</${name}>`;
    const [w, x, y, z] = scan.rotation ?? [1, 0, 0, 0];
    const [tx, ty, tz] = scan.translation ?? [0, 0, 0];
    const pose =
      scan.rotation || scan.translation
        ? `<pose type="Structure"><rotation type="Structure">${float('w', w)}${float('x', x)}${float('y', y)}${float('z', z)}</rotation><translation type="Structure">${float('x', tx)}${float('y', ty)}${float('z', tz)}</translation></pose>`
        : '';
    const limits =
      scan.intensity === 'integer'
        ? `<intensityLimits type="Structure">${float('intensityMinimum', 0)}${float('intensityMaximum', 2047)}</intensityLimits>`
        : '';
    vectors.push(`
    <vectorChild type="Structure">
      <guid type="String"><![CDATA[{00000000-0000-4000-8000-00000000000${scanIndex}}]]></guid>
      <name type="String"><![CDATA[${scan.name}]]></name>
      ${pose}${limits}${scan.bounds ? statedBounds(scan, scanIndex) : ''}
      <points type="CompressedVector" fileOffset="${toPhysical(sectionStart)}" recordCount="${scan.count}">
        <prototype type="Structure">${fields.map((field) => field.xml).join('')}</prototype>
        <codecs type="Vector" allowHeterogeneousChildren="1">${scan.codec ? `<vectorChild type="Structure"><${scan.codec} type="Structure"/></vectorChild>` : ''}</codecs>
      </points>
    </vectorChild>`);
  });
  const xml = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<e57Root type="Structure" xmlns="http://www.astm.org/COMMIT/E57/2010-e57-v1.0">
  <formatName type="String"><![CDATA[ASTM E57 3D Imaging Data File]]></formatName>
  <guid type="String"><![CDATA[{F2B3C1D0-0000-4000-8000-000000000001}]]></guid>
  <versionMajor type="Integer">1</versionMajor>
  <versionMinor type="Integer">0</versionMinor>
  <data3D type="Vector" allowHeterogeneousChildren="1">${vectors.join('')}
  </data3D>
  <images2D type="Vector" allowHeterogeneousChildren="1"/>
</e57Root>
`,
    'utf8',
  );
  const xmlStart = logical;
  parts.push(xml);
  const body = Buffer.concat(parts);
  const pages = Math.ceil(body.length / LOGICAL_PAGE);
  const physical = Buffer.alloc(pages * PAGE);
  body.writeUInt32LE(0, 0);
  body.write('ASTM-E57', 0, 'latin1');
  body.writeUInt32LE(1, 8);
  body.writeUInt32LE(0, 12);
  body.writeBigUInt64LE(BigInt(physical.length), 16);
  body.writeBigUInt64LE(BigInt(toPhysical(xmlStart)), 24);
  body.writeBigUInt64LE(BigInt(xml.length), 32);
  body.writeBigUInt64LE(BigInt(PAGE), 40);
  for (let page = 0; page < pages; page++) {
    body.copy(physical, page * PAGE, page * LOGICAL_PAGE, Math.min(body.length, (page + 1) * LOGICAL_PAGE));
    // The checksum is stored most significant byte first, as every E57 writer does.
    physical.writeUInt32BE(crc32c(physical, page * PAGE, page * PAGE + LOGICAL_PAGE), page * PAGE + LOGICAL_PAGE);
  }
  return physical;
}

/** Two scans, as the tests and the integration test use: poses, both coordinate kinds, an invalid point every 97th. */
export const TWO_SCANS: TE57Scan[] = [
  {
    name: 'Ground floor',
    count: 30_000,
    coordinates: 'scaled',
    color: true,
    intensity: 'integer',
    // A quarter turn about Z, then moved.
    rotation: [Math.SQRT1_2, 0, 0, Math.SQRT1_2],
    translation: [512_000.5, 5_400_000.25, 40],
  },
  {
    name: 'First floor',
    count: 20_000,
    coordinates: 'double',
    color: false,
    intensity: 'float',
    invalidEvery: 97,
    translation: [512_010, 5_400_005, 43],
  },
];
