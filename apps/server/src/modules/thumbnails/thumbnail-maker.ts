/**
 * Makes the small preview of a deliverable (decision 138): PNG, JPEG and WebP images through sharp
 * (libvips, shipped prebuilt in npm packages), a PDF's first page through pdf.js drawn on
 * @napi-rs/canvas (also prebuilt). Both load on first use, so a platform where a binary is missing
 * only loses thumbnails (the lists show the type icon), never the server.
 */

/** The longest side of a thumbnail, in pixels (a list shows it at up to 160 CSS pixels, 2x). */
export const THUMBNAIL_SIZE = 320;
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';

const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp)$/i;
const PDF_EXTENSION = /\.pdf$/i;

/** Whether a library here can read the file; the others keep the type icon. */
export function canMakeThumbnail(fileName: string) {
  return IMAGE_EXTENSIONS.test(fileName) || PDF_EXTENSION.test(fileName);
}

async function resizeImage(input: Buffer) {
  const { default: sharp } = await import('sharp');
  return sharp(input, { limitInputPixels: 100_000_000, failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

async function renderFirstPdfPage(input: Buffer) {
  const [{ createCanvas }, { getDocument }] = await Promise.all([
    import('@napi-rs/canvas'),
    import('pdfjs-dist/legacy/build/pdf.mjs'),
  ]);
  const loading = getDocument({
    data: new Uint8Array(input),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const document = await loading.promise;
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: THUMBNAIL_SIZE / Math.max(natural.width, natural.height) });
    const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
    const context = canvas.getContext('2d');
    // A page with no background paints on white, as a reader shows it.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await loading.destroy();
  }
}

/** The WebP thumbnail of a file's bytes, or null when no library here reads its kind. */
export async function makeThumbnail(input: Buffer, fileName: string): Promise<Buffer | null> {
  if (IMAGE_EXTENSIONS.test(fileName)) return resizeImage(input);
  if (PDF_EXTENSION.test(fileName)) return resizeImage(await renderFirstPdfPage(input));
  return null;
}
