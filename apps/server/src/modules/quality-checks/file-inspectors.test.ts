import { describe, expect, it } from 'vitest';
import {
  fitOf,
  inspectGlb,
  inspectLas,
  inspectObj,
  inspectPly,
  mp4Duration,
  readerOfBuffer,
  UnparsableFileError,
  unitOfWkt,
} from './file-inspectors.ts';

/** An ISO box: a 32-bit size, a four-letter type, the body. */
function box(type: string, ...body: Buffer[]) {
  const content = Buffer.concat(body);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + content.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
}

function mvhd(version: 0 | 1, timescale: number, duration: number) {
  if (version === 0) {
    const body = Buffer.alloc(100);
    body.writeUInt32BE(timescale, 12);
    body.writeUInt32BE(duration, 16);
    return box('mvhd', body);
  }
  const body = Buffer.alloc(112);
  body.writeUInt8(1, 0);
  body.writeUInt32BE(timescale, 20);
  body.writeBigUInt64BE(BigInt(duration), 24);
  return box('mvhd', body);
}

const ftyp = box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1'));

describe('MP4 duration', () => {
  it('reads mvhd inside moov placed after the media data (version 0)', async () => {
    const file = Buffer.concat([ftyp, box('mdat', Buffer.alloc(5000)), box('moov', mvhd(0, 600, 45_300))]);
    expect(await mp4Duration(readerOfBuffer(file))).toBe(75.5);
  });

  it('reads a version 1 mvhd with 64-bit times', async () => {
    const file = Buffer.concat([ftyp, box('moov', box('trak'), mvhd(1, 1000, 3_600_000))]);
    expect(await mp4Duration(readerOfBuffer(file))).toBe(3600);
  });

  it('refuses a file without ftyp, without a movie header, or with a box past the end', async () => {
    await expect(mp4Duration(readerOfBuffer(box('moov', mvhd(0, 600, 600))))).rejects.toThrow(/no "ftyp"/);
    await expect(mp4Duration(readerOfBuffer(Buffer.concat([ftyp, box('mdat', Buffer.alloc(10))])))).rejects.toThrow(
      /no movie header/,
    );
    const cut = Buffer.concat([ftyp, box('moov', mvhd(0, 600, 600))]).subarray(0, 60);
    await expect(mp4Duration(readerOfBuffer(cut))).rejects.toThrow(/runs past its end/);
  });
});

function glb(json: object, declaredLength?: number) {
  let text = JSON.stringify(json);
  while (text.length % 4 !== 0) text += ' ';
  const chunk = Buffer.from(text, 'utf8');
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(declaredLength ?? 20 + chunk.length, 8);
  header.writeUInt32LE(chunk.length, 12);
  header.write('JSON', 16, 'latin1');
  return Buffer.concat([header, chunk]);
}

describe('GLB header', () => {
  it('reads its version and meshes', async () => {
    const result = await inspectGlb(readerOfBuffer(glb({ asset: { version: '2.0' }, meshes: [{}, {}] })));
    expect(result).toMatchObject({ kind: 'mesh', facts: { format: 'GLB 2', gltfVersion: '2.0', meshes: 2 } });
  });

  it('refuses a cut-short file, a wrong magic and a JSON without an asset', async () => {
    const whole = glb({ asset: { version: '2.0' } });
    await expect(inspectGlb(readerOfBuffer(glb({ asset: { version: '2.0' } }, whole.length + 100)))).rejects.toThrow(
      /cut short/,
    );
    await expect(inspectGlb(readerOfBuffer(Buffer.from('not a model at all, really')))).rejects.toThrow(
      UnparsableFileError,
    );
    await expect(inspectGlb(readerOfBuffer(glb({ meshes: [] })))).rejects.toThrow(/no asset version/);
  });
});

describe('PLY header', () => {
  const header = (lines: string[]) => Buffer.from(`${['ply', ...lines, 'end_header'].join('\n')}\n`, 'latin1');

  it('counts points, and a PLY with faces is a model', async () => {
    const cloud = await inspectPly(
      readerOfBuffer(header(['format binary_little_endian 1.0', 'element vertex 1234', 'property float x'])),
    );
    expect(cloud).toMatchObject({ kind: 'point_cloud', facts: { points: 1234, faces: 0 }, failures: [] });
    const mesh = await inspectPly(
      readerOfBuffer(header(['format ascii 1.0', 'element vertex 8', 'element face 12', 'property list uchar int v'])),
    );
    expect(mesh).toMatchObject({ kind: 'mesh', facts: { points: 8, faces: 12, format: 'PLY ascii' } });
  });

  it('refuses a header that never ends or names no format, and fails an empty cloud', async () => {
    await expect(inspectPly(readerOfBuffer(Buffer.from('ply\nformat ascii 1.0\nelement vertex 3\n')))).rejects.toThrow(
      /never ends/,
    );
    await expect(inspectPly(readerOfBuffer(header(['element vertex 3'])))).rejects.toThrow(/no known format/);
    const empty = await inspectPly(readerOfBuffer(header(['format ascii 1.0', 'element vertex 0'])));
    expect(empty.failures.map((failure) => failure.code)).toEqual(['empty']);
  });
});

describe('OBJ first lines', () => {
  it('accepts OBJ statements and refuses anything else', async () => {
    const obj = await inspectObj(readerOfBuffer(Buffer.from('# scan\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n')));
    expect(obj.facts).toMatchObject({ verticesRead: 3, facesRead: 1, countsPartial: false });
    await expect(inspectObj(readerOfBuffer(Buffer.from('<html>hello</html>\n')))).rejects.toThrow(/not OBJ/);
  });
});

type TLasOptions = {
  points: number;
  major?: number;
  minor?: 2 | 4;
  /** The point format byte, with LAZ's compression bit when set. */
  formatByte?: number;
  recordLength?: number;
  legacyCount?: number;
  pointDataOffset?: number;
  scale?: number;
  /** The WKT of a 2112 VLR, or null for none. */
  wkt?: string | null;
  /** How many records follow the header (all of them unless told). */
  records?: number;
};

/** A LAS file as R15 lays it out: 10 m by 5 m by 3 m, millimetre scale, a WKT in metres. */
function lasFile(options: TLasOptions) {
  const wktText =
    options.wkt === undefined
      ? 'PROJCS["ETRS89 / UTM 32N",GEOGCS["ETRS89",UNIT["degree",0.01]],UNIT["metre",1]]'
      : options.wkt;
  const wkt = wktText === null ? null : Buffer.from(`${wktText}\0`);
  const headerSize = options.minor === 4 ? 375 : 227;
  const recordLength = options.recordLength ?? 20;
  const header = Buffer.alloc(headerSize);
  header.write('LASF', 0, 'latin1');
  header.writeUInt8(options.major ?? 1, 24);
  header.writeUInt8(options.minor ?? 2, 25);
  header.writeUInt16LE(headerSize, 94);
  header.writeUInt32LE(options.pointDataOffset ?? headerSize + (wkt ? 54 + wkt.length : 0), 96);
  header.writeUInt32LE(wkt ? 1 : 0, 100);
  header.writeUInt8(options.formatByte ?? 0, 104);
  header.writeUInt16LE(recordLength, 105);
  header.writeUInt32LE(options.legacyCount ?? options.points, 107);
  for (const at of [131, 139, 147]) header.writeDoubleLE(options.scale ?? 0.001, at);
  // max x, min x, max y, min y, max z, min z.
  for (const [index, value] of [10, 0, 5, 0, 3, 0].entries()) header.writeDoubleLE(value, 179 + index * 8);
  if (options.minor === 4) header.writeBigUInt64LE(BigInt(options.points), 247);
  const vlrs: Buffer[] = [];
  if (wkt) {
    const vlr = Buffer.alloc(54);
    vlr.write('LASF_Projection', 2, 'latin1');
    vlr.writeUInt16LE(2112, 18);
    vlr.writeUInt16LE(wkt.length, 20);
    vlrs.push(vlr, wkt);
  }
  return Buffer.concat([header, ...vlrs, Buffer.alloc((options.records ?? options.points) * recordLength)]);
}

describe('LAS header units', () => {
  it('finds the projected unit of a WKT, not its datum angle', () => {
    const wkt =
      'PROJCS["NAD83 / Texas",GEOGCS["NAD83",UNIT["degree",0.0174532925199433]],UNIT["US survey foot",0.3048006096012192]]';
    expect(unitOfWkt(wkt)).toBe('us_survey_foot');
    expect(unitOfWkt('PROJCS["ETRS89 / UTM 32N",GEOGCS["ETRS89"],UNIT["metre",1]]')).toBe('metre');
    expect(unitOfWkt('GEOGCS["WGS 84",UNIT["degree",0.0174532925199433]]')).toBeNull();
  });

  it('reads points, bounds, the WKT and its unit, and density per m², and fails a cut-short file', async () => {
    const file = lasFile({ points: 100 });
    const result = await inspectLas(readerOfBuffer(file));
    expect(result.facts).toMatchObject({
      format: 'LAS',
      version: '1.2',
      points: 100,
      coordinateSystem: 'wkt',
      units: 'metre',
      densityPerM2: 2,
      bounds: { min: [0, 0, 0], max: [10, 5, 3] },
    });
    expect(result.warnings).toEqual([]);
    await expect(inspectLas(readerOfBuffer(file.subarray(0, file.length - 1)))).rejects.toThrow(/ends before its 100/);
  });

  it('takes the points a LAZ file states, without its compressed records all being there', async () => {
    const result = await inspectLas(readerOfBuffer(lasFile({ points: 100, formatByte: 0x80, records: 40 })));
    expect(result.facts).toMatchObject({ format: 'LAZ', pointFormat: 0, points: 100, units: 'metre' });
  });

  it('reads the 64-bit point count of a LAS 1.4 header, and warns when no coordinate system is recorded', async () => {
    const result = await inspectLas(readerOfBuffer(lasFile({ points: 3, minor: 4, legacyCount: 0, wkt: null })));
    expect(result.facts).toMatchObject({ version: '1.4', points: 3, coordinateSystem: null, units: null });
    expect(result.warnings.map((warning) => warning.code)).toEqual(['no_crs']);
  });

  it('refuses a file that is not LAS', async () => {
    await expect(inspectLas(readerOfBuffer(Buffer.alloc(400)))).rejects.toThrow(/does not begin with "LASF"/);
    await expect(inspectLas(readerOfBuffer(lasFile({ points: 1 }).subarray(0, 200)))).rejects.toThrow(
      /does not begin with "LASF"/,
    );
  });

  it('refuses a damaged header: another version, point data outside the file, scale of zero', async () => {
    await expect(inspectLas(readerOfBuffer(lasFile({ points: 1, major: 2 })))).rejects.toThrow(
      'LAS version 2.2 is not one this reads.',
    );
    await expect(inspectLas(readerOfBuffer(lasFile({ points: 1, pointDataOffset: 1 << 20 })))).rejects.toThrow(
      'its point data starts outside the file',
    );
    await expect(inspectLas(readerOfBuffer(lasFile({ points: 1, scale: 0 })))).rejects.toThrow(
      'its scale, offset or bounds are not numbers',
    );
  });

  it('refuses a point format LAS does not define and records too short for any, as the viewer does', async () => {
    await expect(inspectLas(readerOfBuffer(lasFile({ points: 1, formatByte: 11 })))).rejects.toThrow(
      new UnparsableFileError('Unknown LAS point format 11.'),
    );
    await expect(inspectLas(readerOfBuffer(lasFile({ points: 1, recordLength: 12 })))).rejects.toThrow(
      new UnparsableFileError('LAS point records of 12 bytes are too short.'),
    );
  });
});

describe('fit to the order', () => {
  it('fails a file of another kind, warns on an unknown kind, and takes anything on a digital twin', () => {
    expect(fitOf('point-cloud', 'point_cloud')).toEqual({});
    expect(fitOf('point-cloud', 'image').failure?.code).toBe('does_not_fit');
    expect(fitOf('floor-plan', 'plan')).toEqual({});
    expect(fitOf('floor-plan', 'point_cloud').failure?.message).toMatch(/Floor Plan order/);
    expect(fitOf('3d-model', 'video').failure).toBeDefined();
    expect(fitOf('digital-twin', 'video')).toEqual({});
    expect(fitOf('point-cloud', 'other').warning?.code).toBe('unknown_kind');
  });
});
