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

/**
 * Links a share page hands out for reading, not downloading (a tree, a thumbnail), last an hour or
 * two, so they also name the share link they were given through: `<share link id>.<token>`, the
 * signature covering that id with the storage key. Each request asks the share-links module
 * whether that link still shows the file, so the link ends with the share. Dropping or swapping the
 * id breaks the signature. Storage keys are the server's own and have no line break, so no portal
 * key reads as a shared one.
 */
export function signedKeyOf(storageKey: string, shareLinkId: string | null) {
  return shareLinkId === null ? storageKey : `${storageKey}\nshare ${shareLinkId}`;
}

/** A link token for a reader, naming the share link it was given through when there is one. */
export function readerTokenOf(signed: string, shareLinkId: string | null) {
  return shareLinkId === null ? signed : `${shareLinkId}.${signed}`;
}

const SHARED_TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(.+)$/;

/** The share link a reader's token names (null for a portal's) and the signed token after it. */
export function readerTokenParts(signer: TLinkSigner, token: string) {
  const shared = SHARED_TOKEN.exec(token);
  if (shared && signer.read(shared[2] as string)) {
    return { shareLinkId: shared[1] as string, signed: shared[2] as string };
  }
  return { shareLinkId: null, signed: token };
}

/**
 * Whether the share link (by id) still shows the file to its guest. The share-links module answers;
 * the modules serving the links sit below it, so the check is handed in when services are made.
 */
export type TSharesFileCheck = (
  shareLinkId: string,
  file: { id: string; orderId: string; supersededAt: Date | null },
  now: Date,
) => Promise<boolean>;

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
