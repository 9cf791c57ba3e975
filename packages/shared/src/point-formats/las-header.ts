/**
 * The public header block of an ASPRS LAS file (1.0–1.4), which a LAZ file shares unchanged:
 * enough for the viewer to plan range requests for the point records and show the file's facts,
 * and for the server's point-tree converter to read the records. Offsets are those of the LAS 1.4
 * specification (R15), table 3. Plain bytes in, so the browser and Node read it alike.
 */

export type TLasHeader = {
  versionMajor: number;
  versionMinor: number;
  /** Point data record format 0–10, without the compression bits LAZ sets. */
  pointFormat: number;
  /** LAZ marks compression in bit 7 (and historically bit 6) of the point format byte. */
  compressed: boolean;
  recordLength: number;
  /** Bytes of the public header block; the variable length records follow it. */
  headerSize: number;
  /** How many variable length records lie between the header and the point data. */
  vlrCount: number;
  pointDataOffset: number;
  pointCount: number;
  scale: [number, number, number];
  offset: [number, number, number];
  min: [number, number, number];
  max: [number, number, number];
  /** Byte offset of red, green, blue (three uint16) inside a record, or null when the format has no colour. */
  colorOffset: number | null;
};

/** Where R, G, B start in each record format; formats 0, 1, 4, 6 and 9 carry no colour. */
const COLOR_OFFSET_BY_FORMAT: Record<number, number | null> = {
  0: null,
  1: null,
  2: 20,
  3: 28,
  4: null,
  5: 28,
  6: null,
  7: 30,
  8: 30,
  9: null,
  10: 30,
};

/** The shortest record of each format (R15, tables 7–17); a file may add bytes after them. */
export const MIN_RECORD_LENGTH_BY_FORMAT: Record<number, number> = {
  0: 20,
  1: 28,
  2: 26,
  3: 34,
  4: 57,
  5: 63,
  6: 30,
  7: 36,
  8: 38,
  9: 59,
  10: 67,
};

/** Bytes of the largest public header (LAS 1.4); older versions' headers are shorter. */
export const LAS_HEADER_BYTES = 375;

export function isLas(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x4c && bytes[1] === 0x41 && bytes[2] === 0x53 && bytes[3] === 0x46;
}

/** Reads the header from a file's first bytes (at least 227, 375 for a LAS 1.4 header's 64-bit count). */
export function parseLasHeader(bytes: Uint8Array): TLasHeader {
  if (!isLas(bytes)) throw new Error('Not a LAS file: it does not start with "LASF".');
  if (bytes.length < 227) throw new Error('The LAS header is cut short.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const versionMajor = view.getUint8(24);
  const versionMinor = view.getUint8(25);
  const headerSize = view.getUint16(94, true);
  const pointDataOffset = view.getUint32(96, true);
  const vlrCount = view.getUint32(100, true);
  const formatByte = view.getUint8(104);
  const pointFormat = formatByte & 0x3f;
  const recordLength = view.getUint16(105, true);
  let pointCount = view.getUint32(107, true);
  // LAS 1.4 moved the count to a 64-bit field; the legacy one is 0 for formats 6–10 or huge files.
  if (versionMinor >= 4 && headerSize >= 375 && bytes.length >= 255) {
    const wide = Number(view.getBigUint64(247, true));
    if (wide > 0) pointCount = wide;
  }
  const f64 = (at: number) => view.getFloat64(at, true);
  if (!(pointFormat in COLOR_OFFSET_BY_FORMAT)) throw new Error(`Unknown LAS point format ${pointFormat}.`);
  if (recordLength < 20) throw new Error(`LAS point records of ${recordLength} bytes are too short.`);
  return {
    versionMajor,
    versionMinor,
    pointFormat,
    compressed: (formatByte & 0xc0) !== 0,
    recordLength,
    headerSize,
    vlrCount,
    pointDataOffset,
    pointCount,
    scale: [f64(131), f64(139), f64(147)],
    offset: [f64(155), f64(163), f64(171)],
    max: [f64(179), f64(195), f64(211)],
    min: [f64(187), f64(203), f64(219)],
    colorOffset: COLOR_OFFSET_BY_FORMAT[pointFormat] ?? null,
  };
}

/** Bytes of a variable length record's header (R15, table 4); its body follows. */
export const LAS_VLR_HEADER_BYTES = 54;

export type TLasVlrHeader = {
  /** Who defined the record, e.g. "LASF_Projection" or "laszip encoded" (without its NUL padding). */
  userId: string;
  recordId: number;
  /** Bytes of the body after the 54-byte header. */
  bodyLength: number;
};

/** Reads a variable length record's header from its first 54 bytes. */
export function parseLasVlrHeader(bytes: Uint8Array): TLasVlrHeader {
  if (bytes.length < LAS_VLR_HEADER_BYTES) throw new Error('The LAS variable length record is cut short.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    userId: String.fromCharCode(...bytes.subarray(2, 18)).replace(/\0.*$/s, ''),
    recordId: view.getUint16(18, true),
    bodyLength: view.getUint16(20, true),
  };
}
