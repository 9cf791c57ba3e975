/**
 * How a resumable upload is cut into pieces (PATCH requests) and how each piece is checked
 * (decision 217). One rule for the browser, the bench and the server.
 */

const MIB = 1024 * 1024;

/** The piece size most files are sent in: short enough for a slow line, few enough requests. */
export const BASE_PIECE_BYTES = 16 * MIB;

/** The largest piece the server takes in one PATCH; a larger one is refused with 413. */
export const MAX_PIECE_BYTES = 1024 * MIB;

/** S3's most parts in one multipart upload; a file never needs more pieces than this. */
export const MAX_PIECES = 10_000;

/**
 * The piece size for a file of `size` bytes: BASE_PIECE_BYTES, or for a file so large that it
 * would take more than MAX_PIECES pieces, the smallest whole number of MiB that keeps it within
 * them. Never above MAX_PIECE_BYTES (a file too large even then is refused by the server's
 * UPLOAD_MAX_BYTES long before: 5 TiB at most, 10,000 pieces of 550 MiB).
 */
export function pieceBytesFor(size: number): number {
  if (!Number.isFinite(size) || size < 0) throw new RangeError(`Not a file size: ${size}`);
  const needed = Math.ceil(Math.ceil(size / MAX_PIECES) / MIB) * MIB;
  return Math.min(Math.max(BASE_PIECE_BYTES, needed), MAX_PIECE_BYTES);
}

/** The tus checksum extension's algorithm the server verifies pieces with (Upload-Checksum). */
export const PIECE_CHECKSUM_ALGORITHM = 'sha256';

/** tus's status for bytes that do not match the checksum sent with them (a piece or the whole file). */
export const CHECKSUM_MISMATCH_STATUS = 460;

/**
 * The header of a finishing PATCH carrying the whole file's SHA-256 (hex), computed by the client
 * while it read the file; the server compares it with the digest of the bytes it stored.
 */
export const FILE_SHA256_HEADER = 'Upload-File-Sha256';

export const SHA256_HEX = /^[0-9a-f]{64}$/;
