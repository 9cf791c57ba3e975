import { createDeflate } from 'node:zlib';
import sharp from 'sharp';

/** Files made by code for tests: real images and a real one-page PDF, nothing downloaded. */

export function makeImage(format: 'png' | 'jpeg' | 'webp', width = 800, height = 600) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return image[format]().toBuffer();
}

/** An object of a PDF: its dictionary, and the bytes of its stream when it has one. */
type TPdfObject = string | { dictionary: string; stream: Buffer };

/** A one-page PDF of these objects (the catalogue, pages and page come first), with its cross-reference table. */
function writePdf(page: { width: number; height: number; resources?: string }, objects: TPdfObject[]) {
  const all: TPdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Contents 4 0 R ${page.resources ?? ''}>>`,
    ...objects,
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  const offsets: number[] = [];
  all.forEach((object, index) => {
    offsets.push(length);
    if (typeof object === 'string') {
      push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
      return;
    }
    push(Buffer.from(`${index + 1} 0 obj\n${object.dictionary}\nstream\n`, 'latin1'));
    push(object.stream);
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  });
  const xref = length;
  push(
    Buffer.from(
      `xref\n0 ${all.length + 1}\n0000000000 65535 f \n${offsets
        .map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
        .join('')}trailer\n<< /Size ${all.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

function contentStream(content: string | Buffer): TPdfObject {
  const stream = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
  return { dictionary: `<< /Length ${stream.length} >>`, stream };
}

/** A one-page PDF (200 x 100 points) with a red rectangle in its lower left quarter. */
export function makePdf() {
  return writePdf({ width: 200, height: 100 }, [contentStream('1 0 0 rg 10 10 80 40 re f')]);
}

/**
 * A hostile PDF: one page of `lines` separately stroked lines (1.5 M make a 27 MB file that kept
 * pdf.js busy for about 85 s).
 */
export function makeManyLinesPdf(lines: number) {
  const ops: string[] = [];
  for (let index = 0; index < lines; index++) {
    const x = index % 600;
    const y = (index * 7) % 800;
    ops.push(`${x} ${y} m ${x + 3} ${y + 5} l S`);
  }
  return writePdf({ width: 600, height: 800 }, [contentStream(ops.join('\n'))]);
}

/** The bytes of `total` zeros, deflated a mebibyte at a time (never the whole in memory). */
async function deflatedZeros(total: number) {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const block = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < total; written += block.length) {
    const part = written + block.length > total ? block.subarray(0, total - written) : block;
    if (!deflate.write(part)) await new Promise<void>((resolve) => deflate.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => deflate.end(() => resolve()));
  return Buffer.concat(out);
}

/**
 * A hostile PDF: a small file whose page draws one `side` x `side` image (12000 in RGB makes a
 * 420 kB file of a 432 MB image).
 */
export async function makeHugeImagePdf(side: number, colour: 'rgb' | 'gray' = 'rgb') {
  const components = colour === 'rgb' ? 3 : 1;
  const pixels = await deflatedZeros(side * side * components);
  return writePdf({ width: 600, height: 600, resources: '/Resources << /XObject << /Im1 5 0 R >> >> ' }, [
    contentStream('q 600 0 0 600 0 0 cm /Im1 Do Q'),
    {
      dictionary: `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /Device${
        colour === 'rgb' ? 'RGB' : 'Gray'
      } /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>`,
      stream: pixels,
    },
  ]);
}
