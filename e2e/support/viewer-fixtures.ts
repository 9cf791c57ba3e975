import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/**
 * Deliverables for the viewer tests, written by code (nothing downloaded): a GLB cube, an OBJ with
 * its MTL and texture, a PLY mesh, an equirectangular PNG, a two-page PDF and (recorded by the
 * browser itself) an MP4. Every model is a 2 × 2 × 2 cube centred on the origin, in its own units.
 */

const CUBE_CORNERS = [
  [-1, -1, -1],
  [1, -1, -1],
  [1, 1, -1],
  [-1, 1, -1],
  [-1, -1, 1],
  [1, -1, 1],
  [1, 1, 1],
  [-1, 1, 1],
] as const;
/** The six faces as quads of corner indices, counter-clockwise seen from outside. */
const CUBE_QUADS = [
  [4, 5, 6, 7],
  [1, 0, 3, 2],
  [5, 1, 2, 6],
  [0, 4, 7, 3],
  [7, 6, 2, 3],
  [0, 1, 5, 4],
] as const;

function padTo4(buffer: Buffer, fill: number) {
  const padding = (4 - (buffer.length % 4)) % 4;
  return Buffer.concat([buffer, Buffer.alloc(padding, fill)]);
}

/** A binary glTF 2.0 of the cube: one mesh, positions and triangle indices in the BIN chunk. */
export function glbCube(): Buffer {
  const positions = Buffer.alloc(CUBE_CORNERS.length * 12);
  CUBE_CORNERS.forEach((corner, index) => {
    corner.forEach((value, axis) => {
      positions.writeFloatLE(value, index * 12 + axis * 4);
    });
  });
  const triangles = CUBE_QUADS.flatMap(([a, b, c, d]) => [a, b, c, a, c, d]);
  const indices = Buffer.alloc(triangles.length * 2);
  triangles.forEach((value, index) => {
    indices.writeUInt16LE(value, index * 2);
  });
  const bin = padTo4(Buffer.concat([positions, indices]), 0);
  const json = {
    asset: { version: '2.0', generator: 'spacecapture viewer tests' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, material: 0 }] }],
    materials: [{ pbrMetallicRoughness: { baseColorFactor: [0.2, 0.5, 0.9, 1], metallicFactor: 0 } }],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.length, target: 34962 },
      { buffer: 0, byteOffset: positions.length, byteLength: indices.length, target: 34963 },
    ],
    accessors: [
      {
        bufferView: 0,
        componentType: 5126,
        count: CUBE_CORNERS.length,
        type: 'VEC3',
        min: [-1, -1, -1],
        max: [1, 1, 1],
      },
      { bufferView: 1, componentType: 5123, count: triangles.length, type: 'SCALAR' },
    ],
  };
  const jsonChunk = padTo4(Buffer.from(JSON.stringify(json)), 0x20);
  const chunk = (data: Buffer, type: number) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(data.length, 0);
    head.writeUInt32LE(type, 4);
    return Buffer.concat([head, data]);
  };
  const body = Buffer.concat([chunk(jsonChunk, 0x4e4f534a), chunk(bin, 0x004e4942)]);
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + body.length, 8);
  return Buffer.concat([header, body]);
}

/** An ASCII PLY of the cube with its six faces (a mesh, not a point cloud). */
export function plyCube(): Buffer {
  const lines = [
    'ply',
    'format ascii 1.0',
    `element vertex ${CUBE_CORNERS.length}`,
    'property float x',
    'property float y',
    'property float z',
    `element face ${CUBE_QUADS.length}`,
    'property list uchar int vertex_indices',
    'end_header',
    ...CUBE_CORNERS.map((corner) => corner.join(' ')),
    ...CUBE_QUADS.map((quad) => `4 ${quad.join(' ')}`),
  ];
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The cube as OBJ naming `mtlName`, whose material draws `textureName`. */
export function objCube(mtlName: string, textureName: string): { obj: Buffer; mtl: Buffer } {
  const obj = [
    `mtllib ${mtlName}`,
    ...CUBE_CORNERS.map((corner) => `v ${corner.join(' ')}`),
    'vt 0 0',
    'vt 1 0',
    'vt 1 1',
    'vt 0 1',
    'usemtl painted',
    ...CUBE_QUADS.map((quad) => `f ${quad.map((corner, index) => `${corner + 1}/${index + 1}`).join(' ')}`),
  ];
  const mtl = ['newmtl painted', 'Kd 1 1 1', `map_Kd ${textureName}`];
  return { obj: Buffer.from(`${obj.join('\n')}\n`), mtl: Buffer.from(`${mtl.join('\n')}\n`) };
}

/** An RGB PNG of `width` × `height` whose colour runs with the column (hue) and row (light). */
export function gradientPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = Math.round((255 * x) / width);
      row[2 + x * 3] = Math.round((255 * y) / height);
      row[3 + x * 3] = 160;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF of two pages, each a coloured square, with a correct cross-reference table. */
export function twoPagePdf(): Buffer {
  const page = (contents: number) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${contents} 0 R /Resources << >> >>`;
  const stream = (drawing: string) => `<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>',
    page(4),
    stream('0 0 1 rg 20 20 160 160 re f'),
    page(6),
    stream('1 0 0 rg 50 50 100 100 re f'),
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(text));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text);
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/**
 * A short MP4 recorded by the browser from a canvas (MediaRecorder), since no encoder is at hand
 * outside it: sixty frames of changing colour, each handed to the recorder explicitly, then checked
 * to play in the same browser before it is used.
 */
export async function recordMp4(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    const stream = canvas.captureStream(0);
    const [track] = stream.getVideoTracks() as (MediaStreamTrack & { requestFrame(): void })[];
    if (!track) throw new Error('no canvas track');
    const recorder = new MediaRecorder(stream, { mimeType: 'video/mp4;codecs=avc1' });
    const parts: Blob[] = [];
    recorder.ondataavailable = (event) => parts.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    for (let frame = 0; frame < 60; frame += 1) {
      context.fillStyle = `hsl(${frame * 6}, 80%, 50%)`;
      context.fillRect(0, 0, 64, 64);
      track.requestFrame();
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    recorder.stop();
    await stopped;
    const blob = new Blob(parts, { type: 'video/mp4' });
    // The recording must play here before a viewer is judged on it.
    const video = document.createElement('video');
    video.muted = true;
    const playable = new Promise((resolve, reject) => {
      video.onloadeddata = resolve;
      video.onerror = () => reject(new Error(`the recorded MP4 (${blob.size} bytes) does not play`));
    });
    video.src = URL.createObjectURL(blob);
    await playable;
    URL.revokeObjectURL(video.src);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}
