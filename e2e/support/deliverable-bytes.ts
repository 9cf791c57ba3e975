import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Bytes of about `size` that pass the quality check of decision 236 for a file of this name's
 * kind: each is the kind's real header with random filling, so files still differ from run to run.
 * Browser tests that deliver a file use these: random bytes named `.e57` fail the check and block
 * Mark delivered, as they should.
 */
export function deliverableBytes(fileName: string, size: number): Buffer {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'e57') return e57(Math.max(size, 2048));
  if (extension === 'glb') return glb(Math.max(size, 64));
  if (extension === 'mp4') return mp4(Math.max(size, 256));
  if (extension === 'pdf') return pdf();
  return randomBytes(size);
}

function e57(size: number) {
  const bytes = randomBytes(size);
  bytes.write('ASTM-E57', 0, 'latin1');
  bytes.writeUInt32LE(1, 8);
  bytes.writeUInt32LE(0, 12);
  bytes.writeBigUInt64LE(BigInt(size), 16);
  // The XML section's physical offset and length, and the page size.
  bytes.writeBigUInt64LE(1024n, 24);
  bytes.writeBigUInt64LE(BigInt(size - 1024), 32);
  bytes.writeBigUInt64LE(1024n, 40);
  return bytes;
}

function glb(size: number) {
  const json = Buffer.alloc(size - 20, ' ');
  json.write(JSON.stringify({ asset: { version: '2.0' }, extras: { id: randomBytes(6).toString('hex') } }), 0);
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(size, 8);
  header.writeUInt32LE(json.length, 12);
  header.write('JSON', 16, 'latin1');
  return Buffer.concat([header, json]);
}

function box(type: string, body: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function mp4(size: number) {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
  const header = Buffer.alloc(100);
  header.writeUInt32BE(1000, 12); // time scale
  header.writeUInt32BE(12_000, 16); // 12 s
  const moov = box('moov', box('mvhd', header));
  const mdat = box('mdat', randomBytes(size - ftyp.length - moov.length - 8));
  return Buffer.concat([ftyp, moov, mdat]);
}

/** A one-page PDF with a correct cross-reference table (a random comment keeps files apart). */
export function pdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
  ];
  let text = `%PDF-1.4\n% ${randomBytes(8).toString('hex')}\n`;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** A real PNG of one colour, written by code: signature, IHDR, IDAT (unfiltered rows), IEND. */
export function solidPng(width: number, height: number, [red, green, blue]: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat()),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
