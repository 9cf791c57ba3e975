import { UPLOADS_PATH } from '@spacecapture/shared/contracts/provider-uploads';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import {
  CHECKSUM_MISMATCH_STATUS,
  FILE_SHA256_HEADER,
  PIECE_CHECKSUM_ALGORITHM,
  pieceBytesFor,
} from '@spacecapture/shared/upload-pieces';
import { type DetailedError, defaultOptions, Upload } from 'tus-js-client';
import { createFileHasher } from './file-hasher.ts';
import type { TPieceDigests } from './file-hashing.ts';
import { uploadKeyOf } from './upload-store.ts';

/**
 * One file's resumable upload over tus (decision 044). Bytes go in pieces sized by the file
 * (pieceBytesFor: 16 MiB, more for a file that would need over 10,000), each well inside the
 * server's request timeout even on a slow line; a lost connection is retried with back-off from
 * the offset the server reports; the upload URL is kept in localStorage under the file's
 * fingerprint (uploadKeyOf), so the same file continues where it stopped. Each piece carries its
 * SHA-256 (Upload-Checksum) and the last one the whole file's (Upload-File-Sha256), hashed in a
 * worker as the pieces are read (decision 217).
 */

const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000];
/** How often a piece refused as damaged on the way is sent again before the upload fails. */
const DAMAGED_PIECE_RETRIES = 3;

export type TUploadEvents = {
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  /** A request failed and will be tried again (connection lost, server busy). */
  onRetrying: () => void;
  onSuccess: (deliverableId: string | null) => void;
  onError: (message: string | null) => void;
  /** The first piece's SHA-256 (base64), once read: it tells this file from another like it. */
  onFirstPiece?: (sha256: string) => void;
};

export type TResumableUpload = {
  /** Bytes already on the server when this upload continued an earlier one, else 0. */
  resumedFrom: number;
  pause: () => Promise<void>;
  resume: () => void;
  /** Stops for good and removes what the server holds of it (tus termination). */
  abandon: () => Promise<void>;
};

/** The server's message of a failed request, when it gave one. */
function serverError(error: Error | DetailedError) {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  if (!body) return null;
  try {
    return ZErrorResponse.parse(JSON.parse(body)).error;
  } catch {
    return null;
  }
}

function serverMessage(error: Error | DetailedError): string | null {
  return serverError(error)?.message ?? null;
}

export function shouldRetryUpload(error: Pick<DetailedError, 'originalRequest' | 'originalResponse'>) {
  const status = error.originalResponse?.getStatus() ?? 0;
  // No answer, or the server busy or restarting: try again. A PATCH at a stale offset (409) or
  // while a dropped request still holds the upload (423) is retried after re-reading the offset.
  if (status === 0 || status >= 500 || status === 429) return true;
  return (status === 409 || status === 423) && error.originalRequest?.getMethod() === 'PATCH';
}

/** A piece the server refused as damaged on the way (460 naming Upload-Checksum): worth sending again. */
function isDamagedPiece(error: DetailedError) {
  if (error.originalResponse?.getStatus() !== CHECKSUM_MISMATCH_STATUS) return false;
  return Boolean(serverError(error)?.fields?.['Upload-Checksum']);
}

/** Starts (or continues) the upload of `file` to the order; `replaces` names a file it replaces. */
export async function startResumableUpload(
  orderId: string,
  file: File,
  events: TUploadEvents,
  options: { replaces?: string | null } = {},
): Promise<TResumableUpload> {
  let retrying = false;
  let damagedRetries = 0;
  const hasher = createFileHasher(file);
  /** The digests of each piece read, by its offset, for the PATCH that carries it. */
  const digests = new Map<number, TPieceDigests>();
  const upload = new Upload(file, {
    endpoint: UPLOADS_PATH,
    chunkSize: pieceBytesFor(file.size),
    retryDelays: RETRY_DELAYS_MS,
    metadata: { orderId, filename: file.name, ...(options.replaces ? { replaces: options.replaces } : {}) },
    fingerprint: async () => uploadKeyOf(orderId, file),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fileReader: {
      async openFile(input, chunkSize) {
        const source = await defaultOptions.fileReader.openFile(input, chunkSize);
        return {
          size: source.size,
          close: () => source.close(),
          async slice(start, end) {
            const sliced = await source.slice(start, end);
            const read = await hasher.piece(start, Math.min(end, file.size));
            digests.set(start, read);
            if (start === 0) events.onFirstPiece?.(read.piece);
            return sliced;
          },
        };
      },
    },
    onBeforeRequest: (request) => {
      if (request.getMethod() !== 'PATCH') return;
      const read = digests.get(Number(request.getHeader('Upload-Offset')));
      if (!read) return;
      request.setHeader('Upload-Checksum', `${PIECE_CHECKSUM_ALGORITHM} ${read.piece}`);
      if (read.file) request.setHeader(FILE_SHA256_HEADER, read.file);
    },
    onProgress: (sent, total) => {
      retrying = false;
      events.onProgress(sent, total);
    },
    onShouldRetry: (error) => {
      const damaged = isDamagedPiece(error) && damagedRetries++ < DAMAGED_PIECE_RETRIES;
      const retry = damaged || shouldRetryUpload(error);
      if (retry && !retrying) {
        retrying = true;
        events.onRetrying();
      }
      return retry;
    },
    onSuccess: ({ lastResponse }) => {
      hasher.close();
      events.onSuccess(lastResponse.getHeader('Upload-Deliverable-Id') ?? null);
    },
    onError: (error) => {
      hasher.close();
      events.onError(serverMessage(error));
    },
  });
  const [previous] = await upload.findPreviousUploads();
  let resumedFrom = 0;
  if (previous?.uploadUrl) {
    upload.resumeFromPreviousUpload(previous);
    resumedFrom = await storedBytes(previous.uploadUrl);
  }
  upload.start();
  return {
    resumedFrom,
    pause: () => upload.abort(false),
    resume: () => upload.start(),
    abandon: async () => {
      hasher.close();
      await upload.abort(true).catch(() => undefined);
    },
  };
}

/** Removes an unfinished upload left by an earlier visit: the server's bytes and the stored URL. */
export async function abandonEarlierUpload(key: string) {
  const found = await defaultOptions.urlStorage.findUploadsByFingerprint(key).catch(() => []);
  for (const entry of found) {
    if (entry.uploadUrl) {
      await fetch(entry.uploadUrl, {
        method: 'DELETE',
        headers: { 'Tus-Resumable': '1.0.0' },
        credentials: 'same-origin',
      }).catch(() => undefined);
    }
    await defaultOptions.urlStorage.removeUpload(entry.urlStorageKey).catch(() => undefined);
  }
}

/** How many bytes of an earlier upload the server holds (0 when it is gone). */
async function storedBytes(uploadUrl: string) {
  try {
    const response = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0' },
      credentials: 'same-origin',
    });
    return response.ok ? Number(response.headers.get('Upload-Offset') ?? 0) : 0;
  } catch {
    return 0;
  }
}
