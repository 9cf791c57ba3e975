import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type TErrorCode, ZErrorResponse } from '@spacecapture/shared/errors';
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
  constructor(options: ConstructorParameters<typeof Server>[0]) {
    super(options);
    readPatchBodiesFromNode(this.handlers.PATCH as unknown as TPatchInternals);
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
function readPatchBodiesFromNode(patch: TPatchInternals) {
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
    try {
      source.pipe(limiter);
      // A function at the end of a pipeline gets the limiter itself, as tus hands it to the store.
      return await pipeline(limiter, (stored: AsyncIterable<Buffer>) =>
        patch.store.write(stored as Readable, upload.id, upload.offset),
      );
    } catch (error) {
      source.unpipe(limiter);
      const aborted = (sourceError !== undefined && error === sourceError) || (error as Error)?.name === 'AbortError';
      throw aborted ? ERRORS.ABORTED : error;
    } finally {
      source.off('error', onSourceError);
      context.signal.removeEventListener('abort', onAbort);
    }
  };
}
