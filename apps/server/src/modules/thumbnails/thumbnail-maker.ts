/**
 * Makes the small preview of a deliverable (decision 138): PNG, JPEG, WebP and SVG images through
 * sharp (libvips and librsvg, shipped prebuilt in npm packages), a PDF's first page through pdf.js
 * drawn on @napi-rs/canvas (also prebuilt). Both load on first use, so a platform where a binary is
 * missing only loses thumbnails (the lists show the type icon), never the server.
 *
 * Only `thumbnail-process.ts` runs this, in a contained child process (decision 171): the server
 * never parses an uploaded file on its own thread.
 */

/** The longest side of a thumbnail, in pixels (a list shows it at up to 160 CSS pixels, 2x). */
export const THUMBNAIL_SIZE = 320;
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';

const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp|svg)$/i;
const PDF_EXTENSION = /\.pdf$/i;

/** Whether a library here can read the file; the others keep the type icon. */
export function canMakeThumbnail(fileName: string) {
  return IMAGE_EXTENSIONS.test(fileName) || PDF_EXTENSION.test(fileName);
}

/** The most pixels an image may have to be decoded (a 16384 x 6103 panorama; 400 MB as RGBA). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/**
 * The most pixels of one image inside a PDF: a scanned A1 plan at 300 dpi has 70 M. pdf.js
 * decodes each into memory whole, at four bytes a pixel.
 */
export const MAX_PDF_IMAGE_PIXELS = 80_000_000;

/** A file whose images are larger than the limits allow: it keeps its type icon. */
export class PixelLimitError extends Error {
  override name = 'PixelLimitError';
}

async function resizeImage(input: Buffer) {
  const { default: sharp } = await import('sharp');
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer()
    .catch((error: unknown) => {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw new PixelLimitError(error.message);
      throw error;
    });
}

/** pdf.js removes an image past `maxImageSize` with a warning only; this notices the warning. */
const REMOVED_IMAGE_WARNING = /exceeded maximum allowed size/;

async function renderFirstPdfPage(input: Buffer) {
  const [{ createCanvas }, { getDocument }] = await Promise.all([
    import('@napi-rs/canvas'),
    import('pdfjs-dist/legacy/build/pdf.mjs'),
  ]);
  let imageRemoved = false;
  const warn = console.warn;
  // pdf.js's warnings (verbosity 1) are read, not printed: only the removed image matters here.
  console.warn = (...parts: unknown[]) => {
    if (REMOVED_IMAGE_WARNING.test(parts.map(String).join(' '))) imageRemoved = true;
  };
  const loading = getDocument({
    data: new Uint8Array(input),
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize: MAX_PDF_IMAGE_PIXELS,
    verbosity: 1,
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
    // A page drawn without its image would be a misleading preview.
    if (imageRemoved)
      throw new PixelLimitError(`an image of the first page has more than ${MAX_PDF_IMAGE_PIXELS} pixels`);
    return canvas.toBuffer('image/png');
  } finally {
    console.warn = warn;
    await loading.destroy();
  }
}

/** The WebP thumbnail of a file's bytes, or null when no library here reads its kind. */
export async function makeThumbnail(input: Buffer, fileName: string): Promise<Buffer | null> {
  if (IMAGE_EXTENSIONS.test(fileName)) return resizeImage(input);
  if (PDF_EXTENSION.test(fileName)) return resizeImage(await renderFirstPdfPage(input));
  return null;
}
