import { open } from 'node:fs/promises';
import { Element } from 'domhandler';
import { textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import {
  allocateBatch,
  BATCH_POINTS,
  type TBounds,
  type TPointSource,
  UnreadablePointCloudError,
} from './point-source.ts';

/**
 * The E57 reader (ASTM E2807; decision 244). An E57 file is stored in pages (1024 bytes as a rule)
 * whose last 4 bytes are the CRC-32C of the rest: every page read is checked and its checksum
 * stripped, so the reader sees the "logical" file. A 48-byte header points at the XML section,
 * which lists the scans (`/data3D/vectorChild`): each has an optional pose (a rotation quaternion
 * and a translation) and its points in a compressed vector, a binary section of packets in which
 * each field of the point's prototype has a byte stream of its own, packed by the bitpack codec
 * (floats as IEEE little-endian, integers as `bits(max − min)`-wide values, least significant bit
 * first). Scans are read one after another and merged, each moved by its pose.
 *
 * Read: cartesianX/Y/Z, or, in a scan without them, sphericalRange/Azimuth/Elevation (each Float,
 * ScaledInteger or Integer; spherical points become x, y, z in the scan's frame before its pose),
 * colorRed/Green/Blue, intensity, and the coordinates' invalid state (cartesianInvalidState or
 * sphericalInvalidState: points it marks are left out). Not read, with a message the provider
 * sees: any codec other than bitpack.
 */

const SIGNATURE = 'ASTM-E57';
const CHECKSUM_BYTES = 4;
/** Pages read and checked at a time. */
const PAGES_PER_READ = 256;
const XML_MAX_BYTES = 64 * 1024 * 1024;
/** A field's decoded values waiting for the others': more means the packets are out of step. */
const QUEUE_MAX_VALUES = 8 * 1024 * 1024;

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32C (Castagnoli), the checksum of E57 pages. */
export function crc32c(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let crc = 0xffffffff;
  for (let i = from; i < to; i++) crc = CRC32C_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The file's logical bytes, read a block of pages at a time, each page's checksum checked. */
class PagedFile {
  private readonly logicalPage: number;
  private block: Buffer = Buffer.alloc(0);
  private blockFirstPage = -1;
  private readonly pages: number;
  private readonly handle: Awaited<ReturnType<typeof open>>;
  private readonly pageSize: number;

  constructor(handle: Awaited<ReturnType<typeof open>>, pageSize: number, size: number) {
    this.handle = handle;
    this.pageSize = pageSize;
    this.logicalPage = pageSize - CHECKSUM_BYTES;
    this.pages = Math.floor(size / pageSize);
  }

  /** The logical offset of a physical one. */
  logicalOf(physical: number): number {
    const inPage = physical % this.pageSize;
    if (inPage >= this.logicalPage) throw new UnreadablePointCloudError('The E57 file points into a page checksum.');
    return Math.floor(physical / this.pageSize) * this.logicalPage + inPage;
  }

  private async loadBlock(page: number) {
    const count = Math.min(PAGES_PER_READ, this.pages - page);
    if (count <= 0) throw new UnreadablePointCloudError('The E57 file is cut short.');
    const raw = Buffer.alloc(count * this.pageSize);
    const { bytesRead } = await this.handle.read(raw, 0, raw.length, page * this.pageSize);
    if (bytesRead < raw.length) throw new UnreadablePointCloudError('The E57 file is cut short.');
    const logical = Buffer.alloc(count * this.logicalPage);
    for (let p = 0; p < count; p++) {
      const start = p * this.pageSize;
      const stored = raw.readUInt32BE(start + this.logicalPage);
      if (crc32c(raw, start, start + this.logicalPage) !== stored) {
        throw new UnreadablePointCloudError(
          `The E57 file is damaged: page ${page + p + 1} fails its checksum (at byte ${start + page * this.pageSize}).`,
        );
      }
      raw.copy(logical, p * this.logicalPage, start, start + this.logicalPage);
    }
    this.block = logical;
    this.blockFirstPage = page;
  }

  /** `length` logical bytes from logical `offset`. */
  async bytes(offset: number, length: number): Promise<Buffer> {
    const out = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const at = offset + done;
      const page = Math.floor(at / this.logicalPage);
      const blockPages = this.block.length / this.logicalPage;
      if (this.blockFirstPage < 0 || page < this.blockFirstPage || page >= this.blockFirstPage + blockPages) {
        await this.loadBlock(page);
      }
      const from = at - this.blockFirstPage * this.logicalPage;
      const take = Math.min(length - done, this.block.length - from);
      this.block.copy(out, done, from, from + take);
      done += take;
    }
    return out;
  }
}

type TField = {
  name: string;
  kind: 'float' | 'integer';
  /** Float: 4 or 8 bytes; integer: bits per value (0 when every value is `minimum`). */
  bits: number;
  minimum: number;
  maximum: number;
  scale: number;
  offset: number;
};

/** Each kind of coordinates' fields: the three axes, and the state marking points invalid. */
const COORDINATES = {
  cartesian: { axes: ['cartesianX', 'cartesianY', 'cartesianZ'], invalid: 'cartesianInvalidState' },
  spherical: {
    axes: ['sphericalRange', 'sphericalAzimuth', 'sphericalElevation'],
    invalid: 'sphericalInvalidState',
  },
} as const;

type TScan = {
  name: string;
  fileOffset: number;
  recordCount: number;
  fields: TField[];
  /** The coordinates read: cartesian when the scan has them, else spherical. */
  coordinates: 'cartesian' | 'spherical';
  rotation: [number, number, number, number] | null;
  translation: [number, number, number];
  bounds: TBounds | null;
  intensityLimits: [number, number] | null;
  colorLimits: [number, number][] | null;
};

const children = (element: Element | undefined): Element[] =>
  (element?.children ?? []).filter((child): child is Element => child instanceof Element);
const child = (element: Element | undefined, name: string) => children(element).find((c) => c.name === name);
const numberIn = (element: Element | undefined, name: string): number | null => {
  const found = child(element, name);
  if (!found) return null;
  const value = Number(textContent(found).trim());
  return Number.isFinite(value) ? value : null;
};
const attribute = (element: Element, name: string, fallback: number): number => {
  const text = element.attribs[name];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value))
    throw new UnreadablePointCloudError(`The E57 field ${element.name} has ${name}="${text}".`);
  return value;
};

/** Bits a bitpacked integer of this range takes: the bit length of max − min. */
function bitsOf(minimum: number, maximum: number) {
  let range = BigInt(Math.round(maximum)) - BigInt(Math.round(minimum));
  let bits = 0;
  while (range > 0n) {
    bits++;
    range >>= 1n;
  }
  return bits;
}

/** The prototype's terminal fields in byte-stream order (depth first), named by their path. */
function fieldsOf(prototype: Element, prefix = ''): TField[] {
  const fields: TField[] = [];
  for (const element of children(prototype)) {
    const name = `${prefix}${element.name}`;
    const type = element.attribs.type;
    if (type === 'Structure' || type === 'Vector') {
      fields.push(...fieldsOf(element, `${name}/`));
    } else if (type === 'Float') {
      const bytes = element.attribs.precision === 'single' ? 4 : 8;
      fields.push({
        name,
        kind: 'float',
        bits: bytes * 8,
        minimum: attribute(element, 'minimum', Number.NaN),
        maximum: attribute(element, 'maximum', Number.NaN),
        scale: 1,
        offset: 0,
      });
    } else if (type === 'Integer' || type === 'ScaledInteger') {
      const minimum = attribute(element, 'minimum', -(2 ** 63));
      const maximum = attribute(element, 'maximum', 2 ** 63 - 1);
      if (maximum < minimum)
        throw new UnreadablePointCloudError(`The E57 field ${name} has a maximum below its minimum.`);
      fields.push({
        name,
        kind: 'integer',
        bits: bitsOf(minimum, maximum),
        minimum,
        maximum,
        scale: type === 'ScaledInteger' ? attribute(element, 'scale', 1) : 1,
        offset: type === 'ScaledInteger' ? attribute(element, 'offset', 0) : 0,
      });
    } else {
      throw new UnreadablePointCloudError(
        `The E57 point field ${name} is of type ${type ?? 'none'}, which points do not use.`,
      );
    }
  }
  return fields;
}

function scanOf(element: Element, index: number): TScan {
  const named = child(element, 'name');
  const name = (named && textContent(named).trim()) || `scan ${index + 1}`;
  const points = child(element, 'points');
  if (points?.attribs.type !== 'CompressedVector') {
    throw new UnreadablePointCloudError(`The E57 scan "${name}" has no points.`);
  }
  const prototype = child(points, 'prototype');
  if (!prototype) throw new UnreadablePointCloudError(`The E57 scan "${name}" describes no point fields.`);
  if (children(child(points, 'codecs')).length > 0) {
    throw new UnreadablePointCloudError(
      `The E57 scan "${name}" is compressed with a codec other than bitpack, which is not converted.`,
    );
  }
  const fields = fieldsOf(prototype);
  const names = new Set(fields.map((field) => field.name));
  const coordinates = COORDINATES.cartesian.axes.every((axis) => names.has(axis))
    ? 'cartesian'
    : COORDINATES.spherical.axes.every((axis) => names.has(axis))
      ? 'spherical'
      : null;
  if (!coordinates) {
    throw new UnreadablePointCloudError(
      `The E57 scan "${name}" has neither cartesian (x, y, z) nor spherical (range, azimuth, elevation) coordinates.`,
    );
  }
  const pose = child(element, 'pose');
  const rotation = child(pose, 'rotation');
  const translation = child(pose, 'translation');
  const quaternion = rotation
    ? (['w', 'x', 'y', 'z'].map((axis) => numberIn(rotation, axis) ?? (axis === 'w' ? 1 : 0)) as [
        number,
        number,
        number,
        number,
      ])
    : null;
  if (quaternion && Math.hypot(...quaternion) === 0) {
    throw new UnreadablePointCloudError(`The E57 scan "${name}" has a pose rotation of zero length.`);
  }
  // A spherical scan may state only sphericalBounds: the scan then has no stated box, and the writer
  // measures one (a cube of the largest range would be true but would waste the tree on empty space).
  const box = child(element, 'cartesianBounds');
  const boxValues = ['xMinimum', 'yMinimum', 'zMinimum', 'xMaximum', 'yMaximum', 'zMaximum'].map((key) =>
    numberIn(box, key),
  );
  const intensity = child(element, 'intensityLimits');
  const intensityLow = numberIn(intensity, 'intensityMinimum');
  const intensityHigh = numberIn(intensity, 'intensityMaximum');
  const color = child(element, 'colorLimits');
  const colorLimits = ['Red', 'Green', 'Blue'].map((c) => [
    numberIn(color, `color${c}Minimum`),
    numberIn(color, `color${c}Maximum`),
  ]);
  return {
    name,
    fileOffset: attribute(points, 'fileOffset', Number.NaN),
    recordCount: attribute(points, 'recordCount', Number.NaN),
    fields,
    coordinates,
    rotation: quaternion,
    translation: ['x', 'y', 'z'].map((axis) => numberIn(translation, axis) ?? 0) as [number, number, number],
    bounds: boxValues.every((value) => value !== null)
      ? { min: boxValues.slice(0, 3) as [number, number, number], max: boxValues.slice(3) as [number, number, number] }
      : null,
    intensityLimits: intensityLow !== null && intensityHigh !== null ? [intensityLow, intensityHigh] : null,
    colorLimits: colorLimits.every(([low, high]) => low !== null && high !== null)
      ? (colorLimits as [number, number][])
      : null,
  };
}

/** The 3×3 rotation of a quaternion (w, x, y, z), normalised, row by row. */
function rotationMatrix([w, x, y, z]: [number, number, number, number]) {
  const n = Math.hypot(w, x, y, z);
  const [a, b, c, d] = [w / n, x / n, y / n, z / n];
  return [
    1 - 2 * (c * c + d * d),
    2 * (b * c - a * d),
    2 * (b * d + a * c),
    2 * (b * c + a * d),
    1 - 2 * (b * b + d * d),
    2 * (c * d - a * b),
    2 * (b * d - a * c),
    2 * (c * d + a * b),
    1 - 2 * (b * b + c * c),
  ];
}

/** A scan's stated bounds after its pose: the box around its eight moved corners. */
function posedBounds(scan: TScan): TBounds | null {
  if (!scan.bounds) return null;
  const m = scan.rotation ? rotationMatrix(scan.rotation) : [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let corner = 0; corner < 8; corner++) {
    const p = [0, 1, 2].map((axis) => (corner & (1 << axis) ? scan.bounds!.max[axis]! : scan.bounds!.min[axis]!));
    for (let row = 0; row < 3; row++) {
      const value = m[row * 3]! * p[0]! + m[row * 3 + 1]! * p[1]! + m[row * 3 + 2]! * p[2]! + scan.translation[row]!;
      min[row] = Math.min(min[row]!, value);
      max[row] = Math.max(max[row]!, value);
    }
  }
  return { min, max };
}

/** One field's byte stream: bytes not yet decoded, and values decoded but not yet used. */
class FieldStream {
  private pending: Buffer = Buffer.alloc(0);
  private bit = 0;
  private values = new Float64Array(4096);
  private start = 0;
  private end = 0;

  readonly field: TField;

  constructor(field: TField) {
    this.field = field;
  }

  get available() {
    return this.field.kind === 'integer' && this.field.bits === 0 ? Infinity : this.end - this.start;
  }

  append(bytes: Buffer) {
    this.pending = Buffer.concat([this.pending.subarray(this.bit >> 3), bytes]);
    this.bit &= 7;
    this.decode();
  }

  private push(value: number) {
    if (this.end === this.values.length) {
      const live = this.end - this.start;
      if (live >= QUEUE_MAX_VALUES) {
        throw new UnreadablePointCloudError(
          `The E57 file's field ${this.field.name} runs far ahead of the others; it cannot be read in bounded memory.`,
        );
      }
      const next = live * 2 > this.values.length ? new Float64Array(this.values.length * 2) : this.values;
      next.set(this.values.subarray(this.start, this.end));
      this.values = next;
      this.start = 0;
      this.end = live;
    }
    this.values[this.end++] = value;
  }

  private decode() {
    const { field, pending } = this;
    if (field.kind === 'float') {
      const size = field.bits / 8;
      let at = this.bit >> 3;
      for (; at + size <= pending.length; at += size) {
        this.push(size === 4 ? pending.readFloatLE(at) : pending.readDoubleLE(at));
      }
      this.bit = at * 8;
      return;
    }
    const bits = field.bits;
    if (bits === 0) return;
    const total = pending.length * 8;
    let bit = this.bit;
    for (; bit + bits <= total; bit += bits) {
      let value = 0;
      let got = 0;
      let at = bit;
      while (got < bits) {
        const shift = at & 7;
        const take = Math.min(8 - shift, bits - got);
        value += ((pending[at >> 3]! >> shift) & ((1 << take) - 1)) * 2 ** got;
        got += take;
        at += take;
      }
      this.push((value + field.minimum) * field.scale + field.offset);
    }
    this.bit = bit;
  }

  /** The next value (a field of zero bits is always its minimum). */
  take(): number {
    if (this.field.kind === 'integer' && this.field.bits === 0) {
      return this.field.minimum * this.field.scale + this.field.offset;
    }
    return this.values[this.start++]!;
  }
}

function readE57Header(header: Buffer, size: number) {
  if (header.length < 48 || header.toString('latin1', 0, 8) !== SIGNATURE) {
    throw new UnreadablePointCloudError('The file is not an E57 point cloud: it does not begin with "ASTM-E57".');
  }
  const physicalLength = Number(header.readBigUInt64LE(16));
  const xmlOffset = Number(header.readBigUInt64LE(24));
  const xmlLength = Number(header.readBigUInt64LE(32));
  const pageSize = Number(header.readBigUInt64LE(40));
  if (physicalLength !== size) {
    throw new UnreadablePointCloudError(
      `The E57 file says it is ${physicalLength} bytes but is ${size}: it is cut short or damaged.`,
    );
  }
  if (pageSize <= CHECKSUM_BYTES || pageSize > 1 << 20 || size % pageSize !== 0) {
    throw new UnreadablePointCloudError(`The E57 file states a page size of ${pageSize} bytes, which does not fit it.`);
  }
  if (xmlOffset <= 0 || xmlOffset >= size || xmlLength <= 0 || xmlLength > XML_MAX_BYTES) {
    throw new UnreadablePointCloudError('The E57 header points outside the file.');
  }
  return { xmlOffset, xmlLength, pageSize };
}

export async function openE57Source(file: string): Promise<TPointSource> {
  const handle = await open(file, 'r');
  let scans: TScan[];
  try {
    const size = (await handle.stat()).size;
    const head = Buffer.alloc(48);
    await handle.read(head, 0, 48, 0);
    const { xmlOffset, xmlLength, pageSize } = readE57Header(head, size);
    const paged = new PagedFile(handle, pageSize, size);
    const xml = (await paged.bytes(paged.logicalOf(xmlOffset), xmlLength)).toString('utf8');
    const document = parseDocument(xml, { xmlMode: true });
    const root = children(document as unknown as Element).find((element) => element.name === 'e57Root');
    if (!root) throw new UnreadablePointCloudError('The E57 XML section has no e57Root.');
    const data3D = child(root, 'data3D');
    scans = children(data3D).map(scanOf);
    if (scans.length === 0) throw new UnreadablePointCloudError('The E57 file holds no scans.');
    for (const scan of scans) {
      if (!Number.isSafeInteger(scan.recordCount) || scan.recordCount < 0) {
        throw new UnreadablePointCloudError(`The E57 scan "${scan.name}" states no point count.`);
      }
      if (!Number.isSafeInteger(scan.fileOffset) || scan.fileOffset <= 0 || scan.fileOffset >= size) {
        throw new UnreadablePointCloudError(`The E57 scan "${scan.name}" points outside the file.`);
      }
      for (const field of scan.fields) {
        if (field.kind === 'integer' && field.bits > 53 && isUsed(scan, field.name)) {
          throw new UnreadablePointCloudError(`The E57 field ${field.name} is wider than 53 bits.`);
        }
      }
    }
  } finally {
    await handle.close();
  }

  const posed = scans.map(posedBounds);
  const bounds: TBounds | null = posed.every((box) => box !== null)
    ? {
        min: [0, 1, 2].map((axis) => Math.min(...posed.map((box) => box!.min[axis]!))) as [number, number, number],
        max: [0, 1, 2].map((axis) => Math.max(...posed.map((box) => box!.max[axis]!))) as [number, number, number],
      }
    : null;
  const hasColor = scans.some((scan) => scan.fields.some((field) => field.name === 'colorRed'));
  const hasIntensity = scans.some((scan) => scan.fields.some((field) => field.name === 'intensity'));

  return {
    format: 'E57',
    pointCount: scans.reduce((sum, scan) => sum + scan.recordCount, 0),
    bounds,
    storage: null,
    hasColor,
    // Each scan's intensity is mapped onto 0..65535 by its own limits here.
    intensityRange: [0, 65_535],
    async read(onBatch) {
      const batch = allocateBatch({ intensity: hasIntensity, classification: false, color: hasColor });
      const input = await open(file, 'r');
      try {
        const size = (await input.stat()).size;
        const head = Buffer.alloc(48);
        await input.read(head, 0, 48, 0);
        const paged = new PagedFile(input, readE57Header(head, size).pageSize, size);
        for (const scan of scans) await readScan(paged, scan, batch, onBatch);
        if (batch.count > 0) await onBatch(batch);
        batch.count = 0;
      } finally {
        await input.close();
      }
    },
  };
}

const ATTRIBUTES = new Set(['colorRed', 'colorGreen', 'colorBlue', 'intensity']);
/** Whether the reader decodes this field of this scan (only the coordinates it reads). */
const isUsed = (scan: TScan, name: string) =>
  ATTRIBUTES.has(name) ||
  (COORDINATES[scan.coordinates].axes as readonly string[]).includes(name) ||
  COORDINATES[scan.coordinates].invalid === name;

/** A field's range for mapping onto 16 bits: the scan's limits, else the field's own, else `fallback`. */
function rangeOf(limits: [number, number] | null, field: TField | undefined, fallback: [number, number]) {
  if (limits && limits[1] > limits[0]) return limits;
  if (field && field.kind === 'integer' && field.maximum > field.minimum) {
    return [field.minimum * field.scale + field.offset, field.maximum * field.scale + field.offset] as [number, number];
  }
  if (field && Number.isFinite(field.minimum) && Number.isFinite(field.maximum) && field.maximum > field.minimum) {
    return [field.minimum, field.maximum] as [number, number];
  }
  return fallback;
}

/** Reads one scan's packets, moving its points by its pose into the batch, handed over when full. */
async function readScan(
  paged: PagedFile,
  scan: TScan,
  batch: ReturnType<typeof allocateBatch>,
  onBatch: Parameters<TPointSource['read']>[0],
) {
  if (scan.recordCount === 0) return;
  const section = await paged.bytes(paged.logicalOf(scan.fileOffset), 32);
  if (section.readUInt8(0) !== 1) {
    throw new UnreadablePointCloudError(`The E57 scan "${scan.name}" does not point at a compressed vector.`);
  }
  const sectionStart = paged.logicalOf(scan.fileOffset);
  const sectionEnd = sectionStart + Number(section.readBigUInt64LE(8));
  let at = paged.logicalOf(Number(section.readBigUInt64LE(16)));
  const streams = scan.fields.map((field) => (isUsed(scan, field.name) ? new FieldStream(field) : null));
  const stream = (name: string) => streams[scan.fields.findIndex((field) => field.name === name)] ?? null;
  // Cartesian: x, y, z; spherical: range, azimuth, elevation.
  const { axes, invalid: invalidState } = COORDINATES[scan.coordinates];
  const [sa, sb, sc] = axes.map((name) => stream(name)!) as [FieldStream, FieldStream, FieldStream];
  const spherical = scan.coordinates === 'spherical';
  const invalid = stream(invalidState);
  const colors = ['colorRed', 'colorGreen', 'colorBlue'].map(stream);
  const intensity = stream('intensity');
  const colorRanges = colors.map((color, c) => rangeOf(scan.colorLimits?.[c] ?? null, color?.field, [0, 255]));
  const intensityRange = rangeOf(scan.intensityLimits, intensity?.field, [0, 1]);
  const live = streams.filter((s): s is FieldStream => s !== null);
  const m = scan.rotation ? rotationMatrix(scan.rotation) : null;
  const [tx, ty, tz] = scan.translation;
  const { xyz, rgb } = batch;
  const levels = batch.intensity;
  let records = 0;

  while (records < scan.recordCount) {
    if (at + 4 > sectionEnd) {
      throw new UnreadablePointCloudError(
        `The E57 scan "${scan.name}" states ${scan.recordCount} points, but its data holds ${records}.`,
      );
    }
    const packetHead = await paged.bytes(at, 4);
    const type = packetHead.readUInt8(0);
    const length = packetHead.readUInt16LE(2) + 1;
    if (type > 2 || length % 4 !== 0 || at + length > sectionEnd) {
      throw new UnreadablePointCloudError(`The E57 scan "${scan.name}" has a damaged data packet.`);
    }
    if (type === 1) {
      const packet = await paged.bytes(at, length);
      const count = packet.readUInt16LE(4);
      if (count !== scan.fields.length) {
        throw new UnreadablePointCloudError(`The E57 scan "${scan.name}" has packets that do not match its fields.`);
      }
      let from = 6 + 2 * count;
      for (let index = 0; index < count; index++) {
        const bytes = packet.readUInt16LE(6 + 2 * index);
        if (from + bytes > length)
          throw new UnreadablePointCloudError(`The E57 scan "${scan.name}" has a damaged data packet.`);
        streams[index]?.append(packet.subarray(from, from + bytes));
        from += bytes;
      }
      let ready = Math.min(scan.recordCount - records, ...live.map((s) => s.available));
      for (; ready > 0; ready--, records++) {
        let x = sa.take();
        let y = sb.take();
        let z = sc.take();
        if (spherical) {
          // ASTM E2807: azimuth from +x towards +y, elevation from the xy-plane towards +z, in radians.
          const [range, azimuth, elevation] = [x, y, z];
          const across = range * Math.cos(elevation);
          x = across * Math.cos(azimuth);
          y = across * Math.sin(azimuth);
          z = range * Math.sin(elevation);
        }
        const state = invalid ? invalid.take() : 0;
        const red = colors[0]?.take();
        const green = colors[1]?.take();
        const blue = colors[2]?.take();
        const level = intensity?.take();
        if (state !== 0) continue;
        const p = batch.count;
        if (m) {
          xyz[p * 3] = m[0]! * x + m[1]! * y + m[2]! * z + tx;
          xyz[p * 3 + 1] = m[3]! * x + m[4]! * y + m[5]! * z + ty;
          xyz[p * 3 + 2] = m[6]! * x + m[7]! * y + m[8]! * z + tz;
        } else {
          xyz[p * 3] = x + tx;
          xyz[p * 3 + 1] = y + ty;
          xyz[p * 3 + 2] = z + tz;
        }
        if (rgb) {
          [red, green, blue].forEach((value, c) => {
            const [low, high] = colorRanges[c]!;
            const scaled = value === undefined ? 0 : Math.round(((value - low) / (high - low)) * 65_535);
            rgb[p * 3 + c] = scaled < 0 ? 0 : scaled > 65_535 ? 65_535 : scaled;
          });
        }
        if (levels) {
          const [low, high] = intensityRange;
          levels[p] = level === undefined ? 0 : ((level - low) / (high - low)) * 65_535;
        }
        batch.count = p + 1;
        if (batch.count === BATCH_POINTS) {
          await onBatch(batch);
          batch.count = 0;
        }
      }
    }
    at += length;
  }
}
