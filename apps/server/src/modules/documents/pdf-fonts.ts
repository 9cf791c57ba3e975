/// <reference path="./pdfkit.d.ts" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The fonts every PDF of ours is set in: DejaVu Sans, embedded (subset to the glyphs used) rather
 * than the PDF standard fonts, which cover Latin-1 alone. A buyer named "Ωμέγα Α.Ε." or
 * "ООО «Север»" prints as typed; DejaVu covers the Latin, Greek, Cyrillic, Armenian, Georgian and
 * Hebrew scripts, and the Arabic letters, but not Chinese, Japanese or Korean (decision 210).
 */
export const BODY_FONT = 'Body';
export const BOLD_FONT = 'Body-Bold';

const require = createRequire(import.meta.url);
let fontFiles: { body: Buffer; bold: Buffer } | undefined;

/** Read once, on the first document, from the font package (a production dependency). */
function fonts() {
  fontFiles ??= {
    body: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fontFiles;
}

type TPdfOptions = ConstructorParameters<typeof PDFDocument>[0];

/**
 * A new A4 document with our fonts registered and selected, and its bytes collected: `done`
 * resolves to the whole file once the caller has called `doc.end()`.
 */
export function startPdf(options: TPdfOptions) {
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { body, bold } = fonts();
  doc.registerFont(BODY_FONT, body);
  doc.registerFont(BOLD_FONT, bold);
  doc.font(BODY_FONT);
  return { doc, done };
}
