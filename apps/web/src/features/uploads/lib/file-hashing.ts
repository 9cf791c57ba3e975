import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The SHA-256 of each piece of a file and of the whole file, computed as the pieces are read
 * (decision 217). One running hash of the whole file, fed piece by piece in order; the state
 * before the last piece is kept, so a piece sent again (a retry) does not count twice. A piece
 * that starts further on (an upload resumed at the server's offset) first reads the bytes before
 * it from the file: the whole file's digest always covers every byte once.
 */

type THash = ReturnType<typeof sha256.create>;

/** What the server is told of one piece. */
export type TPieceDigests = {
  /** The piece's SHA-256 in base64, for Upload-Checksum. */
  piece: string;
  /** The whole file's SHA-256 in hex, for the last piece only (Upload-File-Sha256). */
  file: string | null;
};

/** Bytes read from the file at a time, so a large piece never sits whole in memory. */
const READ_BYTES = 4 * 1024 * 1024;

function base64Of(bytes: Uint8Array) {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function hexOf(bytes: Uint8Array) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function feed(file: Blob, start: number, end: number, hashes: readonly THash[]) {
  for (let at = start; at < end; at += READ_BYTES) {
    const bytes = new Uint8Array(await file.slice(at, Math.min(end, at + READ_BYTES)).arrayBuffer());
    for (const hash of hashes) hash.update(bytes);
  }
}

export function createFileHashing(file: Blob) {
  let whole = sha256.create();
  let offset = 0;
  let beforeLast: { hash: THash; offset: number } | null = null;

  return {
    async piece(start: number, end: number): Promise<TPieceDigests> {
      if (beforeLast && start === beforeLast.offset) {
        // The last piece again: the whole file's hash goes back to before it.
        whole = beforeLast.hash.clone();
        offset = beforeLast.offset;
      } else if (start < offset) {
        whole = sha256.create();
        offset = 0;
      }
      if (start > offset) await feed(file, offset, start, [whole]);
      beforeLast = { hash: whole.clone(), offset: start };
      const piece = sha256.create();
      await feed(file, start, end, [whole, piece]);
      offset = end;
      return {
        piece: base64Of(piece.digest()),
        file: end >= file.size ? hexOf(whole.clone().digest()) : null,
      };
    },
  };
}

/** Messages between the page and the hashing worker. */
export type THashRequest = { id: number; start: number; end: number } | { id: 0; file: Blob };
export type THashAnswer = { id: number; digests?: TPieceDigests; error?: string };
