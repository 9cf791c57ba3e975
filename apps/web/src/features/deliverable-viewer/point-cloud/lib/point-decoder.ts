import type { TLasHeader } from '@spacecapture/shared/point-formats/las-header';
import type { TPlyHeader, TPlyScalar } from './ply-header.ts';

/**
 * How to read x, y, z and colour from one fixed-size point record, for LAS and binary PLY alike.
 * Positions are decoded to float32 relative to `origin` (a point near the cloud's centre), so that
 * survey coordinates in the millions keep millimetre precision on the GPU; adding `origin` back
 * gives the file's own coordinates.
 */
export type TPointLayout = {
  recordLength: number;
  littleEndian: boolean;
  fields: [TField, TField, TField];
  /** Stored value × scale + offset = coordinate (LAS integers); 1 and 0 for PLY. */
  scale: [number, number, number];
  offset: [number, number, number];
  color: { fields: [TField, TField, TField] /** Values run to 65535 (LAS), else to 255. */; wide: boolean } | null;
};

type TField = { offset: number; type: TPlyScalar };

export type TDecodedPoints = {
  positions: Float32Array;
  /** RGB 0–255 per point, or null when the file has no colour. */
  colors: Uint8Array | null;
  /** Bounds of this batch in the file's coordinates. */
  min: [number, number, number];
  max: [number, number, number];
};

export function lasLayout(header: TLasHeader): TPointLayout {
  const int32 = (offset: number): TField => ({ offset, type: 'int32' });
  const uint16 = (offset: number): TField => ({ offset, type: 'uint16' });
  const colorAt = header.colorOffset;
  return {
    recordLength: header.recordLength,
    littleEndian: true,
    fields: [int32(0), int32(4), int32(8)],
    scale: header.scale,
    offset: header.offset,
    color:
      colorAt === null || colorAt + 6 > header.recordLength
        ? null
        : { fields: [uint16(colorAt), uint16(colorAt + 2), uint16(colorAt + 4)], wide: true },
  };
}

export function plyLayout(header: TPlyHeader): TPointLayout {
  if (header.recordLength === null || header.format === 'ascii') {
    throw new Error('Only binary PLY vertices of fixed size are read by range.');
  }
  const field = (...names: string[]): TField | undefined => {
    const property = header.properties.find((candidate) => names.includes(candidate.name));
    return property ? { offset: property.offset, type: property.type } : undefined;
  };
  const x = field('x')!;
  const y = field('y')!;
  const z = field('z')!;
  const red = field('red', 'diffuse_red');
  const green = field('green', 'diffuse_green');
  const blue = field('blue', 'diffuse_blue');
  return {
    recordLength: header.recordLength,
    littleEndian: header.format === 'binary_little_endian',
    fields: [x, y, z],
    scale: [1, 1, 1],
    offset: [0, 0, 0],
    color:
      red && green && blue ? { fields: [red, green, blue], wide: red.type === 'uint16' || red.type === 'int16' } : null,
  };
}

function reader(view: DataView, type: TPlyScalar, littleEndian: boolean): (at: number) => number {
  switch (type) {
    case 'int8':
      return (at) => view.getInt8(at);
    case 'uint8':
      return (at) => view.getUint8(at);
    case 'int16':
      return (at) => view.getInt16(at, littleEndian);
    case 'uint16':
      return (at) => view.getUint16(at, littleEndian);
    case 'int32':
      return (at) => view.getInt32(at, littleEndian);
    case 'uint32':
      return (at) => view.getUint32(at, littleEndian);
    case 'float32':
      return (at) => view.getFloat32(at, littleEndian);
    case 'float64':
      return (at) => view.getFloat64(at, littleEndian);
  }
}

/** Colour values at or below this are taken as 8-bit even in a 16-bit field (many LAS writers do that). */
const EIGHT_BIT_MAX = 255;

/**
 * Decodes `count` whole records from `bytes` (which starts at a record boundary).
 * `colorsAreEightBit` says how to read 16-bit colour; pass the answer of `detectEightBitColor` on
 * the first batch so that every batch of one file is coloured alike.
 */
export function decodePoints(
  bytes: Uint8Array,
  layout: TPointLayout,
  origin: readonly [number, number, number],
  colorsAreEightBit: boolean,
): TDecodedPoints {
  const count = Math.floor(bytes.byteLength / layout.recordLength);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * layout.recordLength);
  const positions = new Float32Array(count * 3);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let axis = 0; axis < 3; axis += 1) {
    const field = layout.fields[axis]!;
    const read = reader(view, field.type, layout.littleEndian);
    const scale = layout.scale[axis]!;
    const offset = layout.offset[axis]!;
    const shift = origin[axis]!;
    let low = Infinity;
    let high = -Infinity;
    for (let i = 0, at = field.offset; i < count; i += 1, at += layout.recordLength) {
      const value = read(at) * scale + offset;
      if (value < low) low = value;
      if (value > high) high = value;
      positions[i * 3 + axis] = value - shift;
    }
    min[axis] = low;
    max[axis] = high;
  }
  let colors: Uint8Array | null = null;
  if (layout.color) {
    colors = new Uint8Array(count * 3);
    const divisor = layout.color.wide && !colorsAreEightBit ? 257 : 1;
    for (let channel = 0; channel < 3; channel += 1) {
      const field = layout.color.fields[channel]!;
      const read = reader(view, field.type, layout.littleEndian);
      for (let i = 0, at = field.offset; i < count; i += 1, at += layout.recordLength) {
        colors[i * 3 + channel] = Math.min(255, Math.round(read(at) / divisor));
      }
    }
  }
  return { positions, colors, min, max };
}

/** Whether a file's 16-bit colour fields hold 8-bit values, judged from its first records. */
export function detectEightBitColor(bytes: Uint8Array, layout: TPointLayout): boolean {
  if (!layout.color?.wide) return true;
  const count = Math.floor(bytes.byteLength / layout.recordLength);
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * layout.recordLength);
  for (const field of layout.color.fields) {
    const read = reader(view, field.type, layout.littleEndian);
    for (let i = 0, at = field.offset; i < count; i += 1, at += layout.recordLength) {
      if (read(at) > EIGHT_BIT_MAX) return false;
    }
  }
  return true;
}

/**
 * Vertices of an ASCII PLY (read whole: text has no fixed record size). Returns the same shape as
 * the binary decoder.
 */
export function decodeAsciiPlyVertices(
  text: string,
  header: TPlyHeader,
  origin: readonly [number, number, number] | null,
): TDecodedPoints & { origin: [number, number, number] } {
  const index = (...names: string[]) => header.properties.findIndex((property) => names.includes(property.name));
  const [xi, yi, zi] = [index('x'), index('y'), index('z')];
  const rgb = [index('red', 'diffuse_red'), index('green', 'diffuse_green'), index('blue', 'diffuse_blue')];
  const hasColor = rgb.every((at) => at >= 0);
  const lines = text.split(/\r?\n/);
  const count = Math.min(header.vertexCount, lines.length);
  const coordinates = new Float64Array(count * 3);
  const colors = hasColor ? new Uint8Array(count * 3) : null;
  let kept = 0;
  for (let line = 0; line < lines.length && kept < count; line += 1) {
    const words = lines[line]!.trim().split(/\s+/);
    if (words.length < header.properties.length) continue;
    coordinates[kept * 3] = Number(words[xi]);
    coordinates[kept * 3 + 1] = Number(words[yi]);
    coordinates[kept * 3 + 2] = Number(words[zi]);
    if (colors)
      for (let channel = 0; channel < 3; channel += 1) colors[kept * 3 + channel] = Number(words[rgb[channel]!]);
    kept += 1;
  }
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < kept * 3; i += 1) {
    const axis = i % 3;
    min[axis] = Math.min(min[axis]!, coordinates[i]!);
    max[axis] = Math.max(max[axis]!, coordinates[i]!);
  }
  const base: [number, number, number] = origin
    ? [origin[0], origin[1], origin[2]]
    : kept > 0
      ? [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2]
      : [0, 0, 0];
  const positions = new Float32Array(kept * 3);
  for (let i = 0; i < kept * 3; i += 1) positions[i] = coordinates[i]! - base[i % 3]!;
  return { positions, colors: colors ? colors.slice(0, kept * 3) : null, min, max, origin: base };
}
