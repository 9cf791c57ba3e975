import { open } from 'node:fs/promises';
import { allocateBatch, BATCH_POINTS, type TPointSource, UnreadablePointCloudError } from './point-source.ts';

/**
 * The PLY reader (decision 244): ascii, binary_little_endian and binary_big_endian. The vertex
 * element's x, y, z (any numeric type), red/green/blue (uchar, or ushort as 16-bit), an intensity
 * (`intensity`, `scalar_intensity`, any case) and a classification are read; other properties and
 * the elements before the vertices are skipped by their declared types, and the file is read as a
 * stream, a few megabytes at a time.
 */

type TScalar = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

const TYPE_NAMES: Record<string, TScalar> = {
  char: 'int8',
  int8: 'int8',
  uchar: 'uint8',
  uint8: 'uint8',
  short: 'int16',
  int16: 'int16',
  ushort: 'uint16',
  uint16: 'uint16',
  int: 'int32',
  int32: 'int32',
  uint: 'uint32',
  uint32: 'uint32',
  float: 'float32',
  float32: 'float32',
  double: 'float64',
  float64: 'float64',
};
const SIZE: Record<TScalar, number> = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  float64: 8,
};

type TProperty = { name: string; type: TScalar; list: TScalar | null };
type TElement = { name: string; count: number; properties: TProperty[] };
type TPlyFormat = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

const HEADER_MAX_BYTES = 64 * 1024;
const READ_BYTES = 4 * 1024 * 1024;

function parseHeader(head: Buffer) {
  const text = head.toString('latin1');
  if (!/^ply\r?\n/.test(text)) {
    throw new UnreadablePointCloudError('The file is not a PLY point cloud: it does not begin with "ply".');
  }
  const end = /end_header\r?\n/.exec(text);
  if (!end) throw new UnreadablePointCloudError('The PLY header never ends ("end_header" is missing).');
  let format: TPlyFormat | null = null;
  const elements: TElement[] = [];
  for (const line of text.slice(0, end.index).split(/\r?\n/)) {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'format') {
      if (words[1] === 'ascii' || words[1] === 'binary_little_endian' || words[1] === 'binary_big_endian') {
        format = words[1];
      } else {
        throw new UnreadablePointCloudError(`The PLY format "${words[1] ?? ''}" is not one PLY defines.`);
      }
    } else if (words[0] === 'element') {
      const count = Number(words[2]);
      if (!Number.isSafeInteger(count) || count < 0) {
        throw new UnreadablePointCloudError(`The PLY element "${words[1] ?? ''}" states no count.`);
      }
      elements.push({ name: words[1] ?? '', count, properties: [] });
    } else if (words[0] === 'property') {
      const element = elements.at(-1);
      if (!element) throw new UnreadablePointCloudError('The PLY header names a property before any element.');
      if (words[1] === 'list') {
        const countType = TYPE_NAMES[words[2] ?? ''];
        const itemType = TYPE_NAMES[words[3] ?? ''];
        if (!countType || !itemType)
          throw new UnreadablePointCloudError(`The PLY property "${line}" has an unknown type.`);
        element.properties.push({ name: words[4] ?? '', type: itemType, list: countType });
      } else {
        const type = TYPE_NAMES[words[1] ?? ''];
        if (!type) throw new UnreadablePointCloudError(`The PLY property "${line}" has an unknown type.`);
        element.properties.push({ name: words[2] ?? '', type, list: null });
      }
    }
  }
  if (!format) throw new UnreadablePointCloudError('The PLY header names no format.');
  return { format, elements, dataOffset: end.index + end[0].length };
}

/** A buffered reader over the file from an offset, for binary and text alike. */
class FileCursor {
  buffer = Buffer.alloc(0);
  at = 0;
  private position: number;
  private ended = false;
  private readonly handle: Awaited<ReturnType<typeof open>>;

  constructor(handle: Awaited<ReturnType<typeof open>>, from: number) {
    this.handle = handle;
    this.position = from;
  }

  /** Makes at least `bytes` bytes available from `at` (fewer only at the end); answers how many are. */
  async fill(bytes: number): Promise<number> {
    if (this.buffer.length - this.at >= bytes || this.ended) return this.buffer.length - this.at;
    const rest = this.buffer.subarray(this.at);
    const more = Buffer.alloc(Math.max(READ_BYTES, bytes));
    const { bytesRead } = await this.handle.read(more, 0, more.length, this.position);
    this.position += bytesRead;
    if (bytesRead === 0) this.ended = true;
    this.buffer = Buffer.concat([rest, more.subarray(0, bytesRead)]);
    this.at = 0;
    return this.buffer.length;
  }
}

function reader(type: TScalar, little: boolean): (view: DataView, at: number) => number {
  switch (type) {
    case 'int8':
      return (view, at) => view.getInt8(at);
    case 'uint8':
      return (view, at) => view.getUint8(at);
    case 'int16':
      return (view, at) => view.getInt16(at, little);
    case 'uint16':
      return (view, at) => view.getUint16(at, little);
    case 'int32':
      return (view, at) => view.getInt32(at, little);
    case 'uint32':
      return (view, at) => view.getUint32(at, little);
    case 'float32':
      return (view, at) => view.getFloat32(at, little);
    case 'float64':
      return (view, at) => view.getFloat64(at, little);
  }
}

const INTENSITY = /^(scalar_)?intensity$/i;
const CLASSIFICATION = /^(scalar_)?classification$/i;

export async function openPlySource(file: string): Promise<TPointSource> {
  const handle = await open(file, 'r');
  let header: ReturnType<typeof parseHeader>;
  try {
    const head = Buffer.alloc(HEADER_MAX_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEADER_MAX_BYTES, 0);
    header = parseHeader(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
  const { format, elements, dataOffset } = header;
  const vertexAt = elements.findIndex((element) => element.name === 'vertex');
  const vertex = elements[vertexAt];
  if (!vertex || vertex.count === 0) throw new UnreadablePointCloudError('The PLY file holds no vertices.');
  const find = (test: (name: string) => boolean) => vertex.properties.findIndex((p) => !p.list && test(p.name));
  const axes = ['x', 'y', 'z'].map((name) => find((candidate) => candidate === name));
  if (axes.some((index) => index < 0)) {
    throw new UnreadablePointCloudError('The PLY vertices have no x, y and z.');
  }
  const colors = ['red', 'green', 'blue'].map((name) =>
    find((candidate) => candidate === name || candidate === `diffuse_${name}`),
  );
  const hasColor = colors.every((index) => index >= 0);
  const intensityAt = find((name) => INTENSITY.test(name));
  const classificationAt = find((name) => CLASSIFICATION.test(name));
  if (vertex.properties.some((property) => property.list)) {
    throw new UnreadablePointCloudError('The PLY vertices carry lists, which a point cloud does not have.');
  }
  // 8-bit colour is widened to 16 bits (×257), as LAS keeps it; 16-bit is kept.
  const colorScale = colors.map((index) => (index >= 0 && SIZE[vertex.properties[index]!.type] === 1 ? 257 : 1));
  const intensityType = intensityAt >= 0 ? vertex.properties[intensityAt]!.type : null;
  // Integer intensities map their type's range; float ones are measured by the writer.
  const intensityRange: [number, number] | null =
    intensityType === 'uint8' ? [0, 255] : intensityType === 'uint16' ? [0, 65_535] : null;

  const binary = format !== 'ascii';
  const little = format === 'binary_little_endian';
  const offsets: number[] = [];
  let recordLength = 0;
  for (const property of vertex.properties) {
    offsets.push(recordLength);
    recordLength += SIZE[property.type];
  }
  const readers = vertex.properties.map((property) => reader(property.type, little));

  /** Skips the elements before the vertices, item by item where they carry lists. */
  async function skipElement(cursor: FileCursor, element: TElement) {
    for (let item = 0; item < element.count; item++) {
      if (!binary) {
        for (;;) {
          const newline = cursor.buffer.indexOf(10, cursor.at);
          if (newline >= 0) {
            cursor.at = newline + 1;
            break;
          }
          const before = cursor.buffer.length - cursor.at;
          if ((await cursor.fill(before + 1)) <= before)
            throw new UnreadablePointCloudError('The PLY file is cut short.');
        }
        continue;
      }
      for (const property of element.properties) {
        if (!property.list) {
          if ((await cursor.fill(SIZE[property.type])) < SIZE[property.type]) {
            throw new UnreadablePointCloudError('The PLY file is cut short.');
          }
          cursor.at += SIZE[property.type];
          continue;
        }
        const countSize = SIZE[property.list];
        if ((await cursor.fill(countSize)) < countSize)
          throw new UnreadablePointCloudError('The PLY file is cut short.');
        const view = new DataView(cursor.buffer.buffer, cursor.buffer.byteOffset, cursor.buffer.length);
        const items = reader(property.list, little)(view, cursor.at);
        cursor.at += countSize;
        const bytes = items * SIZE[property.type];
        if ((await cursor.fill(bytes)) < bytes) throw new UnreadablePointCloudError('The PLY file is cut short.');
        cursor.at += bytes;
      }
    }
  }

  return {
    format: 'PLY',
    pointCount: vertex.count,
    bounds: null,
    storage: null,
    hasColor,
    intensityRange,
    async read(onBatch) {
      const batch = allocateBatch({
        intensity: intensityAt >= 0,
        classification: classificationAt >= 0,
        color: hasColor,
      });
      const { xyz, rgb } = batch;
      const intensity = batch.intensity;
      const classification = batch.classification;
      const input = await open(file, 'r');
      try {
        const cursor = new FileCursor(input, dataOffset);
        for (const element of elements.slice(0, vertexAt)) await skipElement(cursor, element);
        let done = 0;
        const cut = () =>
          new UnreadablePointCloudError(`The PLY header states ${vertex.count} vertices, but the file holds ${done}.`);
        while (done < vertex.count) {
          const wanted = Math.min(BATCH_POINTS, vertex.count - done);
          let n = 0;
          if (binary) {
            const available = await cursor.fill(recordLength);
            n = Math.min(wanted, Math.floor(available / recordLength));
            if (n === 0) throw cut();
            const view = new DataView(cursor.buffer.buffer, cursor.buffer.byteOffset, cursor.buffer.length);
            const [rx, ry, rz] = axes.map((index) => readers[index]!);
            const [ax, ay, az] = axes.map((index) => offsets[index]!);
            for (let i = 0, at = cursor.at; i < n; i++, at += recordLength) {
              xyz[i * 3] = rx!(view, at + ax!);
              xyz[i * 3 + 1] = ry!(view, at + ay!);
              xyz[i * 3 + 2] = rz!(view, at + az!);
              if (rgb) {
                for (let c = 0; c < 3; c++) {
                  rgb[i * 3 + c] = readers[colors[c]!]!(view, at + offsets[colors[c]!]!) * colorScale[c]!;
                }
              }
              if (intensity) intensity[i] = readers[intensityAt]!(view, at + offsets[intensityAt]!);
              if (classification) classification[i] = readers[classificationAt]!(view, at + offsets[classificationAt]!);
            }
            cursor.at += n * recordLength;
          } else {
            while (n < wanted) {
              let newline = cursor.buffer.indexOf(10, cursor.at);
              if (newline < 0) {
                const before = cursor.buffer.length - cursor.at;
                const after = await cursor.fill(before + 1);
                newline = cursor.buffer.indexOf(10, cursor.at);
                // The last line may end without a newline.
                if (newline < 0 && after <= before) newline = after > 0 ? cursor.buffer.length : -1;
                if (newline < 0) {
                  if (after <= before) break;
                  continue;
                }
              }
              const words = cursor.buffer.toString('latin1', cursor.at, newline).trim().split(/\s+/);
              cursor.at = Math.min(newline + 1, cursor.buffer.length);
              if (words.length === 1 && words[0] === '') continue;
              if (words.length < vertex.properties.length) {
                throw new UnreadablePointCloudError(`PLY vertex ${done + n + 1} has too few values.`);
              }
              for (let axis = 0; axis < 3; axis++) xyz[n * 3 + axis] = Number(words[axes[axis]!]);
              if (rgb) for (let c = 0; c < 3; c++) rgb[n * 3 + c] = Number(words[colors[c]!]) * colorScale[c]!;
              if (intensity) intensity[n] = Number(words[intensityAt]);
              if (classification) classification[n] = Number(words[classificationAt]);
              n++;
            }
            if (n === 0) throw cut();
          }
          for (let i = 0; i < n * 3; i++) {
            if (!Number.isFinite(xyz[i])) {
              throw new UnreadablePointCloudError(
                `PLY vertex ${done + Math.floor(i / 3) + 1} has a coordinate that is not a number.`,
              );
            }
          }
          batch.count = n;
          done += n;
          await onBatch(batch);
        }
      } finally {
        await input.close();
      }
    },
  };
}
