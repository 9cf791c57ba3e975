/**
 * Storage keys of deliverables: `<order id>/<epoch ms>_<safe file name>` (spec 001: "upload to
 * path orderId/timestamp_filename"). The upload's id in its URL is the key with `~` for its
 * slash, so the key never has to be looked up and a URL names exactly one file.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY = /^([0-9a-f-]{36})\/(\d{13})_([A-Za-z0-9][A-Za-z0-9._-]{0,199})$/;

/**
 * The file name reduced to letters, digits, dot, dash and underscore (spaces and anything else
 * become one underscore), without leading dots, at most 120 characters keeping the extension.
 */
export function safeFileName(fileName: string) {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  let safe = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+/, '');
  if (safe.length > 120) {
    const extension = /\.[A-Za-z0-9]{1,10}$/.exec(safe)?.[0] ?? '';
    safe = safe.slice(0, 120 - extension.length) + extension;
  }
  return safe || 'file';
}

export function deliverableKey(orderId: string, at: Date, fileName: string) {
  return `${orderId}/${String(at.getTime()).padStart(13, '0')}_${safeFileName(fileName)}`;
}

/** The order a deliverable key belongs to, or null when the text is not such a key. */
export function orderOfKey(key: string): string | null {
  const match = KEY.exec(key);
  return match && UUID.test(match[1] as string) && !key.includes('..') ? (match[1] as string) : null;
}

/** An upload id as it appears in an upload URL: a deliverable key with `~` for its slash. */
export const UPLOAD_ID = /^[0-9a-f-]{36}~\d{13}_[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function uploadIdOf(key: string) {
  return key.replace('/', '~');
}

/** The key an upload id names, or null when it names none. */
export function keyOfUploadId(id: string): string | null {
  const key = id.replace('~', '/');
  return orderOfKey(key) ? key : null;
}
