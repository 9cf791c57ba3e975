import { describe, expect, it } from 'vitest';
import { gridCloud, writePly } from '../test/point-cloud-fixtures.ts';
import { parsePlyHeader } from './ply-header.ts';

const text = (value: string) => new TextEncoder().encode(value);

describe('parsePlyHeader', () => {
  it('finds the vertex layout of a binary PLY with colour', () => {
    const file = writePly({ format: 'binary_little_endian', count: 9, point: gridCloud(3, 1), color: true });
    const header = parsePlyHeader(file);
    expect(header).toMatchObject({
      format: 'binary_little_endian',
      vertexCount: 9,
      recordLength: 19,
      verticesFirst: true,
      hasColor: true,
      faceCount: 0,
    });
    expect(header.properties.map((property) => [property.name, property.type, property.offset])).toEqual([
      ['x', 'float32', 0],
      ['y', 'float32', 4],
      ['z', 'float32', 8],
      ['intensity', 'float32', 12],
      ['red', 'uint8', 16],
      ['green', 'uint8', 17],
      ['blue', 'uint8', 18],
    ]);
    // The header ends right after "end_header\n": the first vertex starts there.
    expect(new TextDecoder().decode(file.subarray(header.headerLength - 11, header.headerLength))).toBe('end_header\n');
    expect(file.length - header.headerLength).toBe(9 * 19);
  });

  it('reads a mesh header with faces and a CRLF ending', () => {
    const header = parsePlyHeader(
      text(
        'ply\r\nformat binary_big_endian 1.0\r\nelement vertex 8\r\nproperty double x\r\nproperty double y\r\nproperty double z\r\nelement face 12\r\nproperty list uchar int vertex_indices\r\nend_header\r\n',
      ),
    );
    expect(header).toMatchObject({
      format: 'binary_big_endian',
      vertexCount: 8,
      recordLength: 24,
      faceCount: 12,
      hasColor: false,
    });
    expect(header.headerLength).toBe(
      'ply\r\nformat binary_big_endian 1.0\r\nelement vertex 8\r\nproperty double x\r\nproperty double y\r\nproperty double z\r\nelement face 12\r\nproperty list uchar int vertex_indices\r\nend_header\r\n'
        .length,
    );
  });

  it('marks vertices that follow another element, and list properties, as not range-readable', () => {
    const afterFaces = parsePlyHeader(
      text(
        'ply\nformat binary_little_endian 1.0\nelement face 1\nproperty list uchar int i\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nend_header\n',
      ),
    );
    expect(afterFaces.verticesFirst).toBe(false);
    const withList = parsePlyHeader(
      text(
        'ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nproperty list uchar float normals\nend_header\n',
      ),
    );
    expect(withList.recordLength).toBeNull();
  });

  it('refuses headers it cannot use, naming the problem', () => {
    expect(() => parsePlyHeader(text('ply\nformat ascii 1.0\nelement vertex 2\nproperty float x\n'))).toThrow(
      'does not end',
    );
    expect(() =>
      parsePlyHeader(text('ply\nformat ascii 1.0\nelement vertex 2\nproperty float x\nend_header\n')),
    ).toThrow('no x, y, z');
    expect(() => parsePlyHeader(text('ply\nformat binary 1.0\nend_header\n'))).toThrow('Unknown PLY format');
    expect(() => parsePlyHeader(text('solid cube\n'))).toThrow('Not a PLY file');
  });
});
