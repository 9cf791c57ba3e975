import type { TCheckFinding } from '@spacecapture/shared/contracts/quality-checks';
import {
  isLas,
  LAS_HEADER_BYTES,
  LAS_VLR_HEADER_BYTES,
  parseLasHeader,
  parseLasVlrHeader,
  type TLasHeader,
} from '@spacecapture/shared/point-formats/las-header';

/**
 * Readers of delivered files' headers for the quality check (decision 236). They run only in the
 * contained child (`quality-check-process.ts`), never on the server's thread: each reads what it
 * needs through a random-access reader, so a 100 GB point cloud costs a few kilobytes, and says
 * what the file is, its facts, and what is wrong with it in plain words.
 */

export type TFileReader = {
  size: number;
  /** Up to `length` bytes at `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Buffer>;
};

/** What a file is, for the order's fit. */
export type TFileKind = 'point_cloud' | 'mesh' | 'plan' | 'image' | 'video' | 'other';

export type TLinearUnit = 'metre' | 'foot' | 'us_survey_foot';

export type TInspection = {
  kind: TFileKind;
  facts: Record<string, unknown>;
  failures: TCheckFinding[];
  warnings: TCheckFinding[];
};

/** A file that does not parse: its message is shown to the provider. */
export class UnparsableFileError extends Error {}

export function readerOfBuffer(buffer: Buffer): TFileReader {
  return {
    size: buffer.length,
    read: async (offset, length) => buffer.subarray(offset, Math.min(buffer.length, offset + length)),
  };
}

const METRES_PER: Record<TLinearUnit, number> = { metre: 1, foot: 0.3048, us_survey_foot: 1200 / 3937 };

const inspection = (kind: TFileKind): TInspection => ({ kind, facts: {}, failures: [], warnings: [] });

// ---------------------------------------------------------------------------------------------
// LAS / LAZ

/** The linear unit a WKT names last (the projected system's own unit comes after its datum's). */
export function unitOfWkt(wkt: string): TLinearUnit | null {
  let unit: TLinearUnit | null = null;
  for (const match of wkt.matchAll(/(?:LENGTH)?UNIT\s*\[\s*"([^"]+)"/gi)) {
    const name = (match[1] ?? '').toLowerCase();
    if (/us survey foot|foot_us|ftus/.test(name)) unit = 'us_survey_foot';
    else if (/^(metre|meter|m)$/.test(name)) unit = 'metre';
    else if (/foot|feet/.test(name)) unit = 'foot';
  }
  return unit;
}

/** GeoTIFF's linear unit codes (EPSG): ProjLinearUnitsGeoKey 3076 or VerticalUnitsGeoKey 4099. */
const GEOTIFF_UNITS: Record<number, TLinearUnit> = { 9001: 'metre', 9002: 'foot', 9003: 'us_survey_foot' };

function unitOfGeoKeys(record: Buffer): TLinearUnit | null {
  // GeoKeyDirectory: a header of four u16 (the last the key count), then four u16 a key.
  if (record.length < 8) return null;
  const keys = record.readUInt16LE(6);
  for (let i = 0; i < keys && 8 + i * 8 + 8 <= record.length; i++) {
    const at = 8 + i * 8;
    const id = record.readUInt16LE(at);
    const location = record.readUInt16LE(at + 2);
    const value = record.readUInt16LE(at + 6);
    if (id === 3076 && location === 0) return GEOTIFF_UNITS[value] ?? null;
  }
  return null;
}

export async function inspectLas(reader: TFileReader): Promise<TInspection> {
  const result = inspection('point_cloud');
  const bytes = await reader.read(0, LAS_HEADER_BYTES);
  if (bytes.length < 227 || !isLas(bytes)) {
    throw new UnparsableFileError('This is not a LAS or LAZ file: it does not begin with "LASF".');
  }
  // The header is read by the code the viewer and the point-tree converter use; its refusals (an
  // unknown point format, records too short for any) are worded as they word them.
  let header: TLasHeader;
  try {
    header = parseLasHeader(bytes);
  } catch (error) {
    throw new UnparsableFileError(error instanceof Error ? error.message : String(error));
  }
  const { versionMajor: major, versionMinor: minor, headerSize, pointDataOffset, vlrCount, compressed } = header;
  const { pointFormat, recordLength, pointCount: count, scale, offset } = header;
  const bounds = { min: header.min, max: header.max };
  if (major !== 1 || minor > 4) throw new UnparsableFileError(`LAS version ${major}.${minor} is not one this reads.`);
  if (headerSize < 227 || pointDataOffset < headerSize || pointDataOffset > reader.size) {
    throw new UnparsableFileError('The LAS header is damaged: its point data starts outside the file.');
  }
  // Uncompressed records must all be there: a cut-short upload fails here.
  if (!compressed && reader.size < pointDataOffset + count * recordLength) {
    throw new UnparsableFileError(
      `The file ends before its ${count.toLocaleString('en-US')} points: it is cut short or damaged.`,
    );
  }
  if (![...scale, ...offset, ...bounds.min, ...bounds.max].every(Number.isFinite) || scale.some((s) => s <= 0)) {
    throw new UnparsableFileError('The LAS header is damaged: its scale, offset or bounds are not numbers.');
  }

  // Variable length records: the coordinate system (WKT, or GeoTIFF keys) and its unit.
  let coordinateSystem: 'wkt' | 'geotiff' | null = null;
  let unit: TLinearUnit | null = null;
  let at = headerSize;
  for (let i = 0; i < vlrCount && at + LAS_VLR_HEADER_BYTES <= pointDataOffset; i++) {
    const vlr = await reader.read(at, LAS_VLR_HEADER_BYTES);
    if (vlr.length < LAS_VLR_HEADER_BYTES) break;
    const { userId, recordId, bodyLength: length } = parseLasVlrHeader(vlr);
    if (userId === 'LASF_Projection') {
      const body = await reader.read(at + LAS_VLR_HEADER_BYTES, Math.min(length, 64 * 1024));
      if (recordId === 2112) {
        coordinateSystem = 'wkt';
        unit = unitOfWkt(body.toString('utf8')) ?? unit;
      } else if (recordId === 34735) {
        coordinateSystem ??= 'geotiff';
        unit ??= unitOfGeoKeys(body);
      }
    }
    at += LAS_VLR_HEADER_BYTES + length;
  }

  const width = bounds.max[0]! - bounds.min[0]!;
  const depth = bounds.max[1]! - bounds.min[1]!;
  const toMetres = unit ? METRES_PER[unit] : null;
  result.facts = {
    format: compressed ? 'LAZ' : 'LAS',
    version: `${major}.${minor}`,
    pointFormat,
    points: count,
    bounds,
    scale,
    offset,
    coordinateSystem,
    units: unit,
    ...(toMetres && width > 0 && depth > 0
      ? { densityPerM2: Math.round((count / (width * depth * toMetres * toMetres)) * 100) / 100 }
      : {}),
  };
  if (count === 0) result.failures.push({ code: 'empty', message: 'The file holds no points.' });
  if (!coordinateSystem) {
    result.warnings.push({
      code: 'no_crs',
      message: 'No coordinate system is recorded, so the units are unknown and measurements are in file units.',
    });
  } else if (!unit) {
    result.warnings.push({ code: 'unknown_units', message: 'The coordinate system does not name its units.' });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// PLY

export async function inspectPly(reader: TFileReader): Promise<TInspection> {
  const head = (await reader.read(0, 64 * 1024)).toString('latin1');
  if (!/^ply\r?\n/.test(head)) throw new UnparsableFileError('This is not a PLY file: it does not begin with "ply".');
  const end = head.indexOf('end_header');
  if (end === -1) throw new UnparsableFileError('The PLY header never ends ("end_header" is missing).');
  const lines = head.slice(0, end).split(/\r?\n/);
  const format = lines.find((line) => line.startsWith('format '))?.split(/\s+/)[1];
  if (!format || !['ascii', 'binary_little_endian', 'binary_big_endian'].includes(format)) {
    throw new UnparsableFileError('The PLY header names no known format.');
  }
  const countOf = (name: string) => {
    const line = lines.find((candidate) => new RegExp(`^element\\s+${name}\\s+\\d+`).test(candidate));
    return line ? Number(line.split(/\s+/)[2]) : 0;
  };
  const vertices = countOf('vertex');
  const faces = countOf('face');
  const result = inspection(faces > 0 ? 'mesh' : 'point_cloud');
  result.facts = { format: `PLY ${format}`, points: vertices, faces };
  if (vertices === 0) result.failures.push({ code: 'empty', message: 'The file holds no points.' });
  return result;
}

// ---------------------------------------------------------------------------------------------
// GLB / glTF

export async function inspectGlb(reader: TFileReader): Promise<TInspection> {
  const header = await reader.read(0, 20);
  if (header.length < 20 || header.toString('latin1', 0, 4) !== 'glTF') {
    throw new UnparsableFileError('This is not a GLB file: it does not begin with "glTF".');
  }
  const version = header.readUInt32LE(4);
  const length = header.readUInt32LE(8);
  if (version !== 2) throw new UnparsableFileError(`GLB version ${version} is not 2.`);
  if (length !== reader.size) {
    throw new UnparsableFileError(
      `The file says it is ${length} bytes but is ${reader.size}: it is cut short or damaged.`,
    );
  }
  const jsonLength = header.readUInt32LE(12);
  if (header.toString('latin1', 16, 20) !== 'JSON' || 20 + jsonLength > reader.size) {
    throw new UnparsableFileError('The GLB has no readable JSON chunk.');
  }
  if (jsonLength > 64 * 1024 * 1024) throw new UnparsableFileError('The GLB JSON chunk is over 64 MB.');
  const result = inspection('mesh');
  result.facts = { format: 'GLB 2', ...gltfFacts((await reader.read(20, jsonLength)).toString('utf8')) };
  return result;
}

function gltfFacts(text: string) {
  let json: { asset?: { version?: string }; meshes?: unknown[]; nodes?: unknown[] };
  try {
    json = JSON.parse(text);
  } catch {
    throw new UnparsableFileError('The glTF JSON does not parse.');
  }
  if (typeof json?.asset?.version !== 'string') throw new UnparsableFileError('The glTF has no asset version.');
  return { gltfVersion: json.asset.version, meshes: json.meshes?.length ?? 0 };
}

export async function inspectGltf(reader: TFileReader): Promise<TInspection> {
  if (reader.size > 64 * 1024 * 1024) throw new UnparsableFileError('A .gltf over 64 MB is not read.');
  const result = inspection('mesh');
  result.facts = { format: 'glTF', ...gltfFacts((await reader.read(0, reader.size)).toString('utf8')) };
  return result;
}

// ---------------------------------------------------------------------------------------------
// OBJ

export async function inspectObj(reader: TFileReader): Promise<TInspection> {
  const head = await reader.read(0, 256 * 1024);
  if (head.subarray(0, 4096).includes(0)) throw new UnparsableFileError('This is not an OBJ file: it is binary.');
  // The last line of the head may be cut: only whole lines count.
  const lines = head
    .toString('utf8')
    .split(/\r?\n/)
    .slice(0, reader.size > head.length ? -1 : undefined);
  const known = /^\s*(#|v|vt|vn|vp|f|l|p|o|g|s|mtllib|usemtl|cstype|deg|curv|surf|parm|end)(\s|$)/;
  const stray = lines.find((line) => line.trim() !== '' && !known.test(line));
  if (stray !== undefined) {
    throw new UnparsableFileError(`This is not an OBJ file: the line "${stray.slice(0, 40)}" is not OBJ.`);
  }
  const vertices = lines.filter((line) => /^\s*v\s/.test(line)).length;
  const faces = lines.filter((line) => /^\s*f\s/.test(line)).length;
  if (vertices === 0 && reader.size <= head.length) throw new UnparsableFileError('The OBJ file has no vertices.');
  const result = inspection('mesh');
  // Only the file's first 256 KB are read: the counts are of that part.
  result.facts = { format: 'OBJ', verticesRead: vertices, facesRead: faces, countsPartial: reader.size > head.length };
  return result;
}

// ---------------------------------------------------------------------------------------------
// E57

export async function inspectE57(reader: TFileReader): Promise<TInspection> {
  const header = await reader.read(0, 48);
  if (header.length < 48 || header.toString('latin1', 0, 8) !== 'ASTM-E57') {
    throw new UnparsableFileError('This is not an E57 file: it does not begin with "ASTM-E57".');
  }
  const major = header.readUInt32LE(8);
  const minor = header.readUInt32LE(12);
  const physicalLength = Number(header.readBigUInt64LE(16));
  const xmlOffset = Number(header.readBigUInt64LE(24));
  if (physicalLength !== reader.size) {
    throw new UnparsableFileError(
      `The file says it is ${physicalLength} bytes but is ${reader.size}: it is cut short or damaged.`,
    );
  }
  if (xmlOffset <= 0 || xmlOffset >= reader.size)
    throw new UnparsableFileError('The E57 header points outside the file.');
  const result = inspection('point_cloud');
  result.facts = { format: 'E57', version: `${major}.${minor}` };
  return result;
}

// ---------------------------------------------------------------------------------------------
// MP4

/** The duration in seconds from the `mvhd` box inside `moov`, walking boxes by their sizes. */
export async function mp4Duration(reader: TFileReader): Promise<number> {
  async function boxes(from: number, to: number, visit: (type: string, body: number, end: number) => Promise<boolean>) {
    let at = from;
    while (at + 8 <= to) {
      const head = await reader.read(at, 16);
      let size = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      let body = at + 8;
      if (size === 1) {
        if (head.length < 16) break;
        size = Number(head.readBigUInt64BE(8));
        body = at + 16;
      } else if (size === 0) size = to - at;
      if (size < body - at || at + size > to) throw new UnparsableFileError(`The MP4 box "${type}" runs past its end.`);
      if (await visit(type, body, at + size)) return true;
      at += size;
    }
    return false;
  }
  const first = await reader.read(4, 4);
  if (first.toString('latin1') !== 'ftyp')
    throw new UnparsableFileError('This is not an MP4 file: it has no "ftyp" box.');
  let seconds: number | null = null;
  await boxes(0, reader.size, async (type, body, end) => {
    if (type !== 'moov') return false;
    return boxes(body, end, async (inner, mvhd) => {
      if (inner !== 'mvhd') return false;
      const data = await reader.read(mvhd, 32);
      const version = data.readUInt8(0);
      const timescale = version === 1 ? data.readUInt32BE(20) : data.readUInt32BE(12);
      const duration = version === 1 ? Number(data.readBigUInt64BE(24)) : data.readUInt32BE(16);
      if (timescale === 0) throw new UnparsableFileError('The MP4 header has a time scale of zero.');
      seconds = duration / timescale;
      return true;
    });
  });
  if (seconds === null) throw new UnparsableFileError('The MP4 has no movie header (no "moov" with "mvhd").');
  return seconds;
}

export async function inspectMp4(reader: TFileReader): Promise<TInspection> {
  const result = inspection('video');
  const seconds = await mp4Duration(reader);
  result.facts = { format: 'MP4', durationSeconds: Math.round(seconds * 100) / 100 };
  if (seconds === 0) result.failures.push({ code: 'empty', message: 'The video lasts zero seconds.' });
  return result;
}

// ---------------------------------------------------------------------------------------------
// Which reader, and what fits the order

/** The kind of a file by its name's extension, and the reader that checks it (null: not read). */
export function inspectorOf(fileName: string): { kind: TFileKind; inspect: string | null } {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  if (extension === 'las' || extension === 'laz') return { kind: 'point_cloud', inspect: 'las' };
  if (extension === 'ply') return { kind: 'point_cloud', inspect: 'ply' };
  if (extension === 'e57') return { kind: 'point_cloud', inspect: 'e57' };
  if (['xyz', 'pts', 'ptx', 'rcp'].includes(extension)) return { kind: 'point_cloud', inspect: null };
  if (extension === 'glb') return { kind: 'mesh', inspect: 'glb' };
  if (extension === 'gltf') return { kind: 'mesh', inspect: 'gltf' };
  if (extension === 'obj') return { kind: 'mesh', inspect: 'obj' };
  if (['fbx', 'stl', 'usdz'].includes(extension)) return { kind: 'mesh', inspect: null };
  if (extension === 'pdf') return { kind: 'plan', inspect: 'pdf' };
  if (['dxf', 'dwg', 'svg'].includes(extension)) return { kind: 'plan', inspect: null };
  if (['jpg', 'jpeg', 'png', 'webp', 'tif', 'tiff', 'gif', 'avif'].includes(extension)) {
    return { kind: 'image', inspect: 'image' };
  }
  if (['mp4', 'm4v', 'mov'].includes(extension)) return { kind: 'video', inspect: 'mp4' };
  return { kind: 'other', inspect: null };
}

/** What each capture type is delivered as (decision 236); `null`: any kind the check knows. */
const FITTING_KINDS: Record<string, readonly TFileKind[] | null> = {
  'point-cloud': ['point_cloud'],
  'floor-plan': ['plan', 'image'],
  '3d-model': ['mesh'],
  // A tour's deliverables are the tour's own and its add-ons: photos, videos, a mesh, an E57, plans.
  'virtual-tour': null,
  'digital-twin': null,
  all: null,
};

const KIND_NAMES: Record<TFileKind, string> = {
  point_cloud: 'a point cloud',
  mesh: 'a 3D model',
  plan: 'a plan',
  image: 'an image',
  video: 'a video',
  other: 'a file of a kind the check does not know',
};

const ORDER_NAMES: Record<string, string> = {
  'point-cloud': 'a Point Cloud order',
  'floor-plan': 'a Floor Plan order',
  '3d-model': 'a 3D Model order',
};

/** Whether a file of this kind is what the order asked for: a failure when not, a warning when unknown. */
export function fitOf(captureType: string, kind: TFileKind): { failure?: TCheckFinding; warning?: TCheckFinding } {
  if (kind === 'other') {
    return {
      warning: { code: 'unknown_kind', message: 'This kind of file is not checked; make sure it is what was ordered.' },
    };
  }
  const fitting = FITTING_KINDS[captureType];
  if (!fitting || fitting.includes(kind)) return {};
  return {
    failure: {
      code: 'does_not_fit',
      message: `This file does not fit the order: it is ${KIND_NAMES[kind]}, and this is ${ORDER_NAMES[captureType] ?? 'an order'}.`,
    },
  };
}
