import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type TErrorCode, ZErrorResponse } from '@spacecapture/shared/errors';
import { CHECKSUM_MISMATCH_STATUS } from '@spacecapture/shared/upload-pieces';
import {
  type CancellationContext,
  type DataStore,
  ERRORS,
  EVENTS,
  Server,
  StreamLimiter,
  type Upload,
} from '@tus/server';
import { errorBody } from '../../plugins/errors.ts';

/** The code of our error shape for a status tus answers with on its own. */
function codeForStatus(status: number): TErrorCode {
  switch (status) {
    case 403:
      return 'forbidden';
    case 404:
    case 410:
      return 'not_found';
    case 409:
    case 423:
      return 'conflict';
    case 412:
      return 'precondition_failed';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 460:
      return 'validation_failed';
    case 503:
      return 'unavailable';
    case 507:
      return 'insufficient_storage';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}

function isOurErrorBody(body: string): boolean {
  try {
    return ZErrorResponse.safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}

/**
 * tus answers some refusals itself, in plain text and outside any hook: a missing or unknown
 * Tus-Resumable (412), a malformed tus header (400), a wrong offset (409), an unknown or finished
 * upload (404, 400). Every error it writes passes through `write`, so this is the one place that
 * puts them in our error shape, keeping tus's status and its words as the message. A server's
 * failure (5xx) says nothing of its cause.
 */
export class TusServerWithOurErrors extends Server {
  constructor(options: ConstructorParameters<typeof Server>[0] & { pieces: TPieceChecks }) {
    super(options);
    readPatchBodiesFromNode(this.handlers.PATCH as unknown as TPatchInternals, options.pieces);
  }

  override async write(...[context, headers, status, body = '']: Parameters<Server['write']>) {
    if (status < 400) return super.write(context, headers, status, body);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    if (isOurErrorBody(body)) return super.write(context, headers, status, body);
    const code = codeForStatus(status);
    const message =
      code === 'internal' ? 'Something went wrong on our side. Please try again.' : body.trim() || 'Refused.';
    return super.write(context, headers, status, JSON.stringify(errorBody(code, message)));
  }
}

/**
 * The tus checksum extension (decision 217): a PATCH whose Upload-Checksum does not match the bytes
 * it carried is refused with 460 and its bytes are not kept, so the upload's offset is what it was.
 */
export type TPieceChecks = {
  /** The piece's expected SHA-256 from the request's Upload-Checksum (checked by the route), or null. */
  expectedOf(request: IncomingMessage): Buffer | null;
  /**
   * How a refused piece is taken back. 'truncate': the store writes in place and can cut the file
   * back to the piece's start with `rewind`. 'stage': it cannot (S3 parts are sent as they fill),
   * so a checked piece is kept on local disk in `stagingDir` until it is known good.
   */
  mode: 'truncate' | 'stage';
  rewind(id: string, offset: number): Promise<void>;
  stagingDir(): Promise<string>;
};

/** The bytes of a PATCH did not match its Upload-Checksum: tus's 460, in our error shape. */
function pieceMismatch() {
  return {
    status_code: CHECKSUM_MISMATCH_STATUS,
    body: JSON.stringify({
      error: {
        code: 'validation_failed',
        message: 'This piece of the file arrived damaged (its SHA-256 does not match Upload-Checksum). Send it again.',
        fields: { 'Upload-Checksum': 'does not match the bytes sent' },
      },
    }),
  };
}

/** Passes bytes through, hashing them and counting them. */
function hashingPass() {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest(), bytes: () => bytes };
}

type TNodeBacked = Request & { runtime?: { node?: { req?: IncomingMessage } } };
type TPatchInternals = {
  send(request: Request, context: CancellationContext, headers?: Headers): Promise<Response>;
  writeToStore(
    body: ReadableStream | null,
    upload: Upload,
    maxBodySize: number,
    context: CancellationContext,
  ): Promise<number>;
  store: DataStore;
  listenerCount(event: string): number;
};

/**
 * tus reads a PATCH body as a web stream made from the Node request (srvx) and turns it back into
 * a Node stream: two conversions, a promise per chunk and a copy of every chunk (Node's `toWeb`
 * copies each Buffer). Here a PATCH arriving through Node reads the request itself, with tus's
 * rules kept: the store sees at most `maxBodySize` bytes (413 beyond), a cut connection ends the
 * write gracefully so what arrived is kept, and a failing store leaves the request alive so the
 * client still gets an answer.
 */
function readPatchBodiesFromNode(patch: TPatchInternals, pieces: TPieceChecks) {
  const sources = new WeakMap<CancellationContext, IncomingMessage>();
  const send = patch.send.bind(patch);
  const writeToStore = patch.writeToStore.bind(patch);

  patch.send = (request, context, headers) => {
    const raw = (request as TNodeBacked).runtime?.node?.req;
    // Progress events need tus's own path; none are listened to today.
    if (raw && patch.listenerCount(EVENTS.POST_RECEIVE) === 0) {
      sources.set(context, raw);
      // Reading `request.body` would start the web-stream conversion on the Node request.
      Object.defineProperty(request, 'body', { value: null });
    }
    return send(request, context, headers);
  };

  patch.writeToStore = async (body, upload, maxBodySize, context) => {
    const source = sources.get(context);
    if (!source) return writeToStore(body, upload, maxBodySize, context);
    if (context.signal.aborted) throw ERRORS.ABORTED;
    // The limiter stands between the request and the store: ending or destroying it never
    // destroys the request, which still has an answer to carry.
    const limiter = new StreamLimiter(maxBodySize);
    let sourceError: unknown;
    const onSourceError = (error: Error) => {
      sourceError = error;
      source.unpipe(limiter);
      // A cut connection aborts the context first (tus listens before us): the limiter then ends.
      if (!context.signal.aborted) limiter.destroy(error);
    };
    const onAbort = () => {
      source.unpipe(limiter);
      if (!limiter.destroyed) limiter.end();
    };
    source.on('error', onSourceError);
    context.signal.addEventListener('abort', onAbort, { once: true });
    const expected = pieces.expectedOf(source);
    const promised = Number(source.headers['content-length'] ?? Number.NaN);
    /** The piece as checked: every byte promised arrived, and they hash to what the client said. */
    const isWhole = (check: ReturnType<typeof hashingPass>) =>
      !context.signal.aborted &&
      // A body sent without Content-Length (chunked) is whole when it ended without an abort.
      (Number.isNaN(promised) || check.bytes() === promised) &&
      check.digest().equals(expected as Buffer);
    try {
      source.pipe(limiter);
      if (!expected) {
        // A function at the end of a pipeline gets the limiter itself, as tus hands it to the store.
        return await pipeline(limiter, (stored: AsyncIterable<Buffer>) =>
          patch.store.write(stored as Readable, upload.id, upload.offset),
        );
      }
      const check = hashingPass();
      if (pieces.mode === 'truncate') {
        const written = await pipeline(limiter, check.stream, (stored: AsyncIterable<Buffer>) =>
          patch.store.write(stored as Readable, upload.id, upload.offset),
        );
        if (isWhole(check)) return written;
        // A damaged or cut-short piece cannot be vouched for: none of it is kept.
        await pieces.rewind(upload.id, upload.offset);
        if (context.signal.aborted) return upload.offset;
        throw pieceMismatch();
      }
      const staged = path.join(await pieces.stagingDir(), `piece-${process.pid}-${Date.now()}-${Math.random()}`);
      try {
        await pipeline(limiter, check.stream, createWriteStream(staged));
        if (!isWhole(check)) {
          if (context.signal.aborted) return upload.offset;
          throw pieceMismatch();
        }
        return await patch.store.write(createReadStream(staged), upload.id, upload.offset);
      } finally {
        await rm(staged, { force: true });
      }
    } catch (error) {
      source.unpipe(limiter);
      if ((error as { status_code?: number }).status_code === CHECKSUM_MISMATCH_STATUS) throw error;
      // Part of a checked piece may have reached the file before the failure: it goes too.
      if (expected && pieces.mode === 'truncate') await pieces.rewind(upload.id, upload.offset).catch(() => undefined);
      const aborted = (sourceError !== undefined && error === sourceError) || (error as Error)?.name === 'AbortError';
      throw aborted ? ERRORS.ABORTED : error;
    } finally {
      source.off('error', onSourceError);
      context.signal.removeEventListener('abort', onAbort);
    }
  };
}
