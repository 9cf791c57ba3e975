import { describe, expect, it } from 'vitest';
import { writeE57 } from '../test/point-cloud-fixtures.ts';
import { parseE57Header, parseE57Xml, stripPageChecksums, unionBounds, xmlPhysicalRange } from './e57.ts';

const scans = [
  { name: 'Ground floor', guid: '{A1}', count: 1_250_000, bounds: { min: [-10, -12.5, -1.5], max: [10, 12.5, 3] } },
  { name: 'First floor', guid: '{A2}', count: 980_321, bounds: { min: [-8, -9, 1], max: [14, 9, 6.25] } },
  { name: 'Roof', guid: '{A3}', count: 3, bounds: { min: [0, 0, 6], max: [1, 1, 9] } },
  // A terrestrial station kept in spherical coordinates, stating only how far it reached.
  { name: 'Station 7', guid: '{A4}', count: 40_000, bounds: { min: [0.6, 0, 0], max: [42.5, 0, 0] }, spherical: true },
] satisfies Parameters<typeof writeE57>[0];

const bufferOf = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('E57 metadata', () => {
  const file = writeE57(scans);
  const header = parseE57Header(bufferOf(file.subarray(0, 48)));

  it('reads the binary header', () => {
    expect(header).toMatchObject({ versionMajor: 1, versionMinor: 0, pageSize: 1024, filePhysicalLength: file.length });
    // The fixture puts the XML after 1500 logical bytes: in the second page, past its start.
    expect(header.xmlPhysicalOffset).toBe(1024 + (1548 - 1020));
  });

  it('reads the XML section across page checksums and lists each scan', () => {
    const range = xmlPhysicalRange(header);
    expect(range.end).toBeLessThan(file.length);
    const logical = stripPageChecksums(file.subarray(range.start, range.end + 1), range.start, header.pageSize);
    expect(logical.length).toBe(header.xmlLogicalLength);
    const xml = new TextDecoder().decode(logical);
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml.trimEnd().endsWith('</e57Root>')).toBe(true);

    const metadata = parseE57Xml(xml, header);
    expect(metadata.pointCount).toBe(1_250_000 + 980_321 + 3 + 40_000);
    expect(metadata.scans.map((scan) => [scan.name, scan.pointCount])).toEqual([
      ['Ground floor', 1_250_000],
      ['First floor', 980_321],
      ['Roof', 3],
      ['Station 7', 40_000],
    ]);
    expect(metadata.scans[1]!.bounds).toEqual({ min: [-8, -9, 1], max: [14, 9, 6.25] });
    expect(metadata.scans[1]!.rangeMaximum).toBeNull();
    expect(metadata.scans[0]!.fields).toEqual(['cartesianX', 'cartesianY', 'cartesianZ', 'intensity']);
    expect(metadata.scans[3]).toMatchObject({
      bounds: null,
      rangeMaximum: 42.5,
      fields: ['sphericalRange', 'sphericalAzimuth', 'sphericalElevation', 'intensity'],
    });
    expect(metadata.coordinateMetadata).toBe('EPSG:25832');
    expect(unionBounds(metadata.scans)).toEqual({ min: [-10, -12.5, -1.5], max: [14, 12.5, 9] });
  });

  it('refuses what is not an E57 file, or an XML section that is not E57', () => {
    expect(() => parseE57Header(bufferOf(new Uint8Array(48)))).toThrow('Not an E57 file');
    expect(() => parseE57Xml('<html/>', header)).toThrow('could not be read');
    expect(() => parseE57Xml('<e57Root><data3D></e57Root>', header)).toThrow('could not be read');
  });
});
