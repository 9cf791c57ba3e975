import { UPLOADS_PATH } from '@spacecapture/shared/contracts/provider-uploads';
import { ZErrorResponse } from '@spacecapture/shared/errors';
import { type DetailedError, defaultOptions, Upload } from 'tus-js-client';

/**
 * One file's resumable upload over tus (decision 044). Bytes go in PATCHes of CHUNK_BYTES, each
 * well inside the server's request timeout even on a slow line; a lost connection is retried
 * with back-off from the offset the server reports; the upload URL is kept in localStorage under
 * a fingerprint of (order, file), so choosing the same file again after closing the tab continues
 * where it stopped.
 */

export const CHUNK_BYTES = 16 * 1024 * 1024;

/** Files up to this size get a SHA-256 from the browser; larger ones rely on the server's (WebCrypto cannot stream). */
export const BROWSER_HASH_MAX_BYTES = 64 * 1024 * 1024;

const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000];
const FINGERPRINT_PREFIX = 'spacecapture-upload';

export type TUploadEvents = {
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  /** A request failed and will be tried again (connection lost, server busy). */
  onRetrying: () => void;
  onSuccess: (deliverableId: string | null) => void;
  onError: (message: string | null) => void;
};

export type TResumableUpload = {
  /** Bytes already on the server when this upload continued an earlier one, else 0. */
  resumedFrom: number;
  pause: () => Promise<void>;
  resume: () => void;
};

export async function sha256Hex(file: Blob) {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fingerprintOf(orderId: string, file: File) {
  return [FINGERPRINT_PREFIX, orderId, file.name, file.size, file.lastModified].join(':');
}

/** The server's message of a failed request, when it gave one. */
function serverMessage(error: Error | DetailedError): string | null {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  if (!body) return null;
  try {
    return ZErrorResponse.parse(JSON.parse(body)).error.message;
  } catch {
    return null;
  }
}

export function shouldRetryUpload(error: Pick<DetailedError, 'originalRequest' | 'originalResponse'>) {
  const status = error.originalResponse?.getStatus() ?? 0;
  // No answer, or the server busy or restarting: try again. A PATCH at a stale offset (409) or
  // while a dropped request still holds the upload (423) is retried after re-reading the offset.
  if (status === 0 || status >= 500 || status === 429) return true;
  return (status === 409 || status === 423) && error.originalRequest?.getMethod() === 'PATCH';
}

/** Starts (or continues) the upload of `file` to the order. */
export async function startResumableUpload(
  orderId: string,
  file: File,
  events: TUploadEvents,
): Promise<TResumableUpload> {
  const sha256 = file.size <= BROWSER_HASH_MAX_BYTES ? await sha256Hex(file) : null;
  let retrying = false;
  const upload = new Upload(file, {
    endpoint: UPLOADS_PATH,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata: { orderId, filename: file.name, ...(sha256 ? { sha256 } : {}) },
    fingerprint: async () => fingerprintOf(orderId, file),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => {
      retrying = false;
      events.onProgress(sent, total);
    },
    onShouldRetry: (error) => {
      const retry = shouldRetryUpload(error);
      if (retry && !retrying) {
        retrying = true;
        events.onRetrying();
      }
      return retry;
    },
    onSuccess: ({ lastResponse }) => events.onSuccess(lastResponse.getHeader('Upload-Deliverable-Id') ?? null),
    onError: (error) => events.onError(serverMessage(error)),
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
  };
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

/** Unfinished uploads of the order left by an earlier visit (closed tab, lost connection). */
export async function unfinishedUploadsOf(orderId: string) {
  const all = await defaultOptions.urlStorage.findAllUploads().catch(() => []);
  return all
    .filter((entry) => entry.urlStorageKey.includes(`${FINGERPRINT_PREFIX}:${orderId}:`))
    .map((entry) => ({ fileName: entry.metadata.filename ?? 'file', size: entry.size ?? 0 }));
}
