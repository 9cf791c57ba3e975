/**
 * Point files written by code for the tests and the bench: LAS 1.2 and 1.4, PLY (binary and
 * ASCII), and an E57 whose XML section is written by hand. Each writer follows its format's
 * specification closely enough for other readers to open the result (LAS: ASPRS R15; E57: ASTM
 * E2807, with 1024-byte pages, checksums left as zero since no reader here verifies them).
 */

export type TFixturePoint = { x: number; y: number; z: number; red: number; green: number; blue: number };

/** Fills `out` with the point at `index`; called once per point, so millions stay cheap. */
export type TPointSource = (index: number, out: TFixturePoint) => void;

const LAS_RECORD_LENGTH: Record<number, number> = { 0: 20, 1: 28, 2: 26, 3: 34, 6: 30, 7: 36 };
const LAS_COLOR_OFFSET: Record<number, number | null> = { 0: null, 1: null, 2: 20, 3: 28, 6: null, 7: 30 };

export type TLasOptions = {
  minor: 2 | 4;
  pointFormat: 0 | 1 | 2 | 3 | 6 | 7;
  count: number;
  point: TPointSource;
  scale?: [number, number, number];
  offset?: [number, number, number];
  /** Bytes of a variable-length record's payload between header and points (0 for none). */
  vlrPayload?: number;
};

function writeAscii(bytes: Uint8Array, at: number, text: string) {
  for (let i = 0; i < text.length; i += 1) bytes[at + i] = text.charCodeAt(i);
}

export function writeLas(options: TLasOptions): Uint8Array {
  const { minor, pointFormat, count, point } = options;
  const scale = options.scale ?? [0.001, 0.001, 0.001];
  const offset = options.offset ?? [0, 0, 0];
  const recordLength = LAS_RECORD_LENGTH[pointFormat]!;
  const colorOffset = LAS_COLOR_OFFSET[pointFormat] ?? null;
  const headerSize = minor === 4 ? 375 : 227;
  const vlrPayload = options.vlrPayload ?? 0;
  const vlrBytes = vlrPayload > 0 ? 54 + vlrPayload : 0;
  const dataOffset = headerSize + vlrBytes;
  const bytes = new Uint8Array(dataOffset + count * recordLength);
  const view = new DataView(bytes.buffer);

  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const current: TFixturePoint = { x: 0, y: 0, z: 0, red: 0, green: 0, blue: 0 };
  for (let index = 0; index < count; index += 1) {
    point(index, current);
    const at = dataOffset + index * recordLength;
    const values = [current.x, current.y, current.z];
    for (let axis = 0; axis < 3; axis += 1) {
      const stored = Math.round((values[axis]! - offset[axis]!) / scale[axis]!);
      view.setInt32(at + axis * 4, stored, true);
      const actual = stored * scale[axis]! + offset[axis]!;
      min[axis] = Math.min(min[axis]!, actual);
      max[axis] = Math.max(max[axis]!, actual);
    }
    if (colorOffset !== null) {
      // 16-bit colour, as the specification asks: 8-bit values scaled by 257.
      view.setUint16(at + colorOffset, current.red * 257, true);
      view.setUint16(at + colorOffset + 2, current.green * 257, true);
      view.setUint16(at + colorOffset + 4, current.blue * 257, true);
    }
  }

  writeAscii(bytes, 0, 'LASF');
  view.setUint8(24, 1);
  view.setUint8(25, minor);
  writeAscii(bytes, 26, 'SpaceCapture fixtures');
  writeAscii(bytes, 58, 'point-cloud-fixtures.ts');
  view.setUint16(90, 1, true);
  view.setUint16(92, 2026, true);
  view.setUint16(94, headerSize, true);
  view.setUint32(96, dataOffset, true);
  view.setUint32(100, vlrBytes > 0 ? 1 : 0, true);
  view.setUint8(104, pointFormat);
  view.setUint16(105, recordLength, true);
  // Formats 6 and up leave the legacy 32-bit count at zero; the 1.4 header's 64-bit count holds it.
  view.setUint32(107, pointFormat >= 6 ? 0 : count, true);
  for (let axis = 0; axis < 3; axis += 1) {
    view.setFloat64(131 + axis * 8, scale[axis]!, true);
    view.setFloat64(155 + axis * 8, offset[axis]!, true);
    view.setFloat64(179 + axis * 16, count > 0 ? max[axis]! : 0, true);
    view.setFloat64(187 + axis * 16, count > 0 ? min[axis]! : 0, true);
  }
  if (minor === 4) view.setBigUint64(247, BigInt(count), true);
  if (vlrBytes > 0) {
    writeAscii(bytes, headerSize + 2, 'SpaceCapture'); // user id
    view.setUint16(headerSize + 18, 1, true); // record id
    view.setUint16(headerSize + 20, vlrPayload, true);
  }
  return bytes;
}

export type TPlyOptions = {
  format: 'ascii' | 'binary_little_endian' | 'binary_big_endian';
  count: number;
  point: TPointSource;
  color: boolean;
  /** Coordinates as double instead of float. */
  double?: boolean;
};

export function writePly(options: TPlyOptions): Uint8Array {
  const { format, count, point, color } = options;
  const coordinate = options.double ? 'double' : 'float';
  const header = [
    'ply',
    `format ${format} 1.0`,
    'comment written by point-cloud-fixtures.ts',
    `element vertex ${count}`,
    `property ${coordinate} x`,
    `property ${coordinate} y`,
    `property ${coordinate} z`,
    'property float intensity',
    ...(color ? ['property uchar red', 'property uchar green', 'property uchar blue'] : []),
    'end_header',
    '',
  ].join('\n');
  const headerBytes = new TextEncoder().encode(header);
  const current: TFixturePoint = { x: 0, y: 0, z: 0, red: 0, green: 0, blue: 0 };
  if (format === 'ascii') {
    const lines: string[] = [];
    for (let index = 0; index < count; index += 1) {
      point(index, current);
      lines.push(
        [current.x, current.y, current.z, 0.5, ...(color ? [current.red, current.green, current.blue] : [])].join(' '),
      );
    }
    const body = new TextEncoder().encode(`${lines.join('\n')}\n`);
    const bytes = new Uint8Array(headerBytes.length + body.length);
    bytes.set(headerBytes);
    bytes.set(body, headerBytes.length);
    return bytes;
  }
  const size = options.double ? 8 : 4;
  const recordLength = size * 3 + 4 + (color ? 3 : 0);
  const bytes = new Uint8Array(headerBytes.length + count * recordLength);
  bytes.set(headerBytes);
  const view = new DataView(bytes.buffer);
  const little = format === 'binary_little_endian';
  for (let index = 0; index < count; index += 1) {
    point(index, current);
    let at = headerBytes.length + index * recordLength;
    for (const value of [current.x, current.y, current.z]) {
      if (options.double) view.setFloat64(at, value, little);
      else view.setFloat32(at, value, little);
      at += size;
    }
    view.setFloat32(at, 0.5, little);
    at += 4;
    if (color) {
      bytes[at] = current.red;
      bytes[at + 1] = current.green;
      bytes[at + 2] = current.blue;
    }
  }
  return bytes;
}

export type TE57FixtureScan = {
  name: string;
  guid: string;
  count: number;
  bounds: { min: [number, number, number]; max: [number, number, number] };
  /** Range, azimuth and elevation instead of x, y, z, with sphericalBounds reaching `bounds.max[0]`. */
  spherical?: boolean;
};

const E57_PAGE = 1024;
const E57_LOGICAL_PAGE = E57_PAGE - 4;

function e57Xml(scans: readonly TE57FixtureScan[]): string {
  const float = (name: string, value: number) => `<${name} type="Float">${value}</${name}>`;
  const children = scans
    .map(
      (scan, index) => `
    <vectorChild type="Structure">
      <guid type="String"><![CDATA[${scan.guid}]]></guid>
      <name type="String"><![CDATA[${scan.name}]]></name>
      ${
        scan.spherical
          ? `<sphericalBounds type="Structure">
        ${float('rangeMinimum', scan.bounds.min[0])}${float('rangeMaximum', scan.bounds.max[0])}
        ${float('elevationMinimum', -1)}${float('elevationMaximum', 1)}
        ${float('azimuthStart', -Math.PI)}${float('azimuthEnd', Math.PI)}
      </sphericalBounds>`
          : `<cartesianBounds type="Structure">
        ${float('xMinimum', scan.bounds.min[0])}${float('xMaximum', scan.bounds.max[0])}
        ${float('yMinimum', scan.bounds.min[1])}${float('yMaximum', scan.bounds.max[1])}
        ${float('zMinimum', scan.bounds.min[2])}${float('zMaximum', scan.bounds.max[2])}
      </cartesianBounds>`
      }
      <points type="CompressedVector" fileOffset="${48 + index}" recordCount="${scan.count}">
        <prototype type="Structure">
          ${
            scan.spherical
              ? `<sphericalRange type="Float" precision="double"/>
          <sphericalAzimuth type="Float" precision="double"/>
          <sphericalElevation type="Float" precision="double"/>`
              : `<cartesianX type="Float" precision="double"/>
          <cartesianY type="Float" precision="double"/>
          <cartesianZ type="Float" precision="double"/>`
          }
          <intensity type="Float" precision="single"/>
        </prototype>
        <codecs type="Vector" allowHeterogeneousChildren="1"/>
      </points>
    </vectorChild>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<e57Root type="Structure" xmlns="http://www.astm.org/COMMIT/E57/2010-e57-v1.0">
  <formatName type="String"><![CDATA[ASTM E57 3D Imaging Data File]]></formatName>
  <guid type="String"><![CDATA[{F2B3C1D0-0000-4000-8000-000000000001}]]></guid>
  <versionMajor type="Integer">1</versionMajor>
  <versionMinor type="Integer">0</versionMinor>
  <coordinateMetadata type="String"><![CDATA[EPSG:25832]]></coordinateMetadata>
  <data3D type="Vector" allowHeterogeneousChildren="1">${children}
  </data3D>
  <images2D type="Vector" allowHeterogeneousChildren="1"/>
</e57Root>
`;
}

/**
 * An E57 with no point data: the header, some filler where binary sections would be, and the XML
 * section after them, crossing page boundaries (so a reader must skip the page checksums).
 */
export function writeE57(scans: readonly TE57FixtureScan[], fillerBytes = 1500): Uint8Array {
  const xml = new TextEncoder().encode(e57Xml(scans));
  const xmlLogicalOffset = 48 + fillerBytes;
  const logical = new Uint8Array(xmlLogicalOffset + xml.length);
  logical.set(xml, xmlLogicalOffset);
  const pages = Math.ceil(logical.length / E57_LOGICAL_PAGE);
  const physical = new Uint8Array(pages * E57_PAGE);
  for (let page = 0; page < pages; page += 1) {
    physical.set(logical.subarray(page * E57_LOGICAL_PAGE, (page + 1) * E57_LOGICAL_PAGE), page * E57_PAGE);
  }
  const toPhysical = (offset: number) => Math.floor(offset / E57_LOGICAL_PAGE) * E57_PAGE + (offset % E57_LOGICAL_PAGE);
  const view = new DataView(physical.buffer);
  writeAscii(physical, 0, 'ASTM-E57');
  view.setUint32(8, 1, true);
  view.setUint32(12, 0, true);
  view.setBigUint64(16, BigInt(physical.length), true);
  view.setBigUint64(24, BigInt(toPhysical(xmlLogicalOffset)), true);
  view.setBigUint64(32, BigInt(xml.length), true);
  view.setBigUint64(40, BigInt(E57_PAGE), true);
  return physical;
}

/** A terrain-like grid: `side`² points over `extent` metres, a gentle hill in Z, colour by position. */
export function gridCloud(side: number, extent: number, base: [number, number, number] = [0, 0, 0]): TPointSource {
  return (index, out) => {
    const column = index % side;
    const row = Math.floor(index / side) % side;
    const u = side > 1 ? column / (side - 1) : 0;
    const v = side > 1 ? row / (side - 1) : 0;
    out.x = base[0] + u * extent;
    out.y = base[1] + v * extent;
    out.z = base[2] + Math.sin(u * Math.PI) * Math.sin(v * Math.PI) * extent * 0.1;
    out.red = Math.round(u * 255);
    out.green = Math.round(v * 255);
    out.blue = 128;
  };
}
