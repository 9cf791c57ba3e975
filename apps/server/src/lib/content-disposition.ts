/** "attachment; filename=…" safe for any original name: an ASCII fallback plus the UTF-8 form (RFC 6266). */
export function attachmentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The policy of every stored file we answer (decision 172): opened as a page, by a link or "Open
 * image in new tab", it is a sandboxed document of no origin that runs no script and loads
 * nothing, so an uploaded SVG or HTML file can never act with a user's session.
 */
export const STORED_FILE_POLICY = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/**
 * The headers of an uploaded file served as a download: typed `contentType` (octet-stream unless
 * the caller knows better), never sniffed, saved under its original name, and sandboxed.
 */
export function storedFileHeaders(fileName: string, contentType = 'application/octet-stream') {
  return {
    'Content-Type': contentType,
    'Content-Disposition': attachmentDisposition(fileName),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': STORED_FILE_POLICY,
  };
}
