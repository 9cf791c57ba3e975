import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed download links (spec 001 §9: valid 300 s, one file each). The token carries the
 * deliverable and the expiry; its HMAC also covers the file's storage key, so a link dies when the
 * file behind it changes. Nothing about the file is guessable from the URL.
 */

/** Where signed links point: the public route that serves the file a token names. */
export const SIGNED_FILES_PATH = '/api/files';

export type TLinkClaims = { deliverableId: string; expiresAt: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createLinkSigner(secret: string) {
  const key = createHmac('sha256', secret).update('spacecapture:file-links:v1').digest();
  const signatureOf = (deliverableId: string, storageKey: string, expiresAt: number) =>
    createHmac('sha256', key).update(`${deliverableId}\n${storageKey}\n${expiresAt}`).digest();

  return {
    /** `expiresAt` in whole seconds since the epoch. */
    sign(deliverableId: string, storageKey: string, expiresAt: number) {
      return `${deliverableId}.${expiresAt}.${signatureOf(deliverableId, storageKey, expiresAt).toString('base64url')}`;
    },
    /** The claims a token states, unverified (null when it is not shaped like one of ours). */
    read(token: string): (TLinkClaims & { signature: Buffer }) | null {
      const match = TOKEN.exec(token);
      if (!match || !UUID.test(match[1] ?? '')) return null;
      return {
        deliverableId: match[1] as string,
        expiresAt: Number(match[2]),
        signature: Buffer.from(match[3] as string, 'base64url'),
      };
    },
    verify(claims: TLinkClaims & { signature: Buffer }, storageKey: string) {
      const expected = signatureOf(claims.deliverableId, storageKey, claims.expiresAt);
      return expected.length === claims.signature.length && timingSafeEqual(expected, claims.signature);
    },
  };
}

export type TLinkSigner = ReturnType<typeof createLinkSigner>;

/** One `bytes=` range of a file of `size` bytes: the inclusive span, 'unsatisfiable', or null for none asked. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'unsatisfiable';
  const [, first, last] = match;
  if (!first && !last) return 'unsatisfiable';
  if (!first) {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last ? Math.min(Number(last), size - 1) : size - 1;
  if (start >= size || (last && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}
