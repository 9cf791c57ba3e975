/**
 * The text header of a PLY file: its format, the vertex element and where x, y, z and colour sit
 * in each vertex. A binary PLY whose vertices come first and have fixed-size properties can be read
 * by range, like a LAS file; an ASCII one is read from the start.
 */

export type TPlyFormat = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

export type TPlyScalar = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

export type TPlyProperty = { name: string; type: TPlyScalar; offset: number };

export type TPlyHeader = {
  format: TPlyFormat;
  /** Bytes from the file's start to the first vertex. */
  headerLength: number;
  vertexCount: number;
  /** Bytes per vertex in a binary file; null when a vertex property is a list (not range-readable). */
  recordLength: number | null;
  /** The vertex's properties in order, with their byte offset inside a binary record. */
  properties: TPlyProperty[];
  /** Whether vertices are the file's first element (else a binary file is read from the start). */
  verticesFirst: boolean;
  hasColor: boolean;
  /** Faces make it a mesh rather than a point cloud; the point-cloud viewer still shows its vertices. */
  faceCount: number;
};

const SCALAR_TYPES: Record<string, { type: TPlyScalar; size: number }> = {
  char: { type: 'int8', size: 1 },
  int8: { type: 'int8', size: 1 },
  uchar: { type: 'uint8', size: 1 },
  uint8: { type: 'uint8', size: 1 },
  short: { type: 'int16', size: 2 },
  int16: { type: 'int16', size: 2 },
  ushort: { type: 'uint16', size: 2 },
  uint16: { type: 'uint16', size: 2 },
  int: { type: 'int32', size: 4 },
  int32: { type: 'int32', size: 4 },
  uint: { type: 'uint32', size: 4 },
  uint32: { type: 'uint32', size: 4 },
  float: { type: 'float32', size: 4 },
  float32: { type: 'float32', size: 4 },
  double: { type: 'float64', size: 8 },
  float64: { type: 'float64', size: 8 },
};

const END_HEADER = 'end_header';

export function isPly(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x70 &&
    bytes[1] === 0x6c &&
    bytes[2] === 0x79 &&
    (bytes[3] === 0x0a || bytes[3] === 0x0d)
  );
}

/** Parses the header from the file's first bytes; throws when the header does not end inside them. */
export function parsePlyHeader(bytes: Uint8Array): TPlyHeader {
  if (!isPly(bytes)) throw new Error('Not a PLY file: it does not start with "ply".');
  const text = new TextDecoder('latin1').decode(bytes);
  const end = text.indexOf(END_HEADER);
  if (end < 0) throw new Error('The PLY header does not end within the first bytes read.');
  // The header ends after "end_header" and its line break (\n, or \r\n from some writers).
  let headerLength = end + END_HEADER.length;
  if (text[headerLength] === '\r') headerLength += 1;
  if (text[headerLength] === '\n') headerLength += 1;
  const lines = text
    .slice(0, end)
    .split(/\r?\n/)
    .map((line) => line.trim());

  let format: TPlyFormat | null = null;
  let element: string | null = null;
  let elementIndex = -1;
  let vertexIndex = -1;
  let vertexCount = 0;
  let faceCount = 0;
  let offset = 0;
  let hasList = false;
  const properties: TPlyProperty[] = [];
  for (const line of lines) {
    const words = line.split(/\s+/);
    if (words[0] === 'format') {
      if (words[1] !== 'ascii' && words[1] !== 'binary_little_endian' && words[1] !== 'binary_big_endian') {
        throw new Error(`Unknown PLY format "${words[1] ?? ''}".`);
      }
      format = words[1];
    } else if (words[0] === 'element') {
      element = words[1] ?? '';
      elementIndex += 1;
      const count = Number(words[2]);
      if (!Number.isSafeInteger(count) || count < 0) throw new Error(`Bad PLY element count "${words[2] ?? ''}".`);
      if (element === 'vertex') {
        vertexIndex = elementIndex;
        vertexCount = count;
      } else if (element === 'face') faceCount = count;
    } else if (words[0] === 'property' && element === 'vertex') {
      if (words[1] === 'list') {
        hasList = true;
        continue;
      }
      const scalar = SCALAR_TYPES[words[1] ?? ''];
      if (!scalar) throw new Error(`Unknown PLY property type "${words[1] ?? ''}".`);
      properties.push({ name: words[2] ?? '', type: scalar.type, offset });
      offset += scalar.size;
    }
  }
  if (!format) throw new Error('The PLY header has no format line.');
  if (vertexIndex < 0) throw new Error('The PLY file has no vertex element.');
  const names = new Set(properties.map((property) => property.name));
  if (!names.has('x') || !names.has('y') || !names.has('z')) throw new Error('The PLY vertices have no x, y, z.');
  return {
    format,
    headerLength,
    vertexCount,
    recordLength: hasList ? null : offset,
    properties,
    verticesFirst: vertexIndex === 0,
    hasColor:
      (names.has('red') && names.has('green') && names.has('blue')) ||
      (names.has('diffuse_red') && names.has('diffuse_green') && names.has('diffuse_blue')),
    faceCount,
  };
}
