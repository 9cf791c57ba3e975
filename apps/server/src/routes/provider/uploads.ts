import type { IncomingMessage } from 'node:http';
import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import {
  UPLOADS_PATH,
  ZListUploadedFilesQuery,
  ZMarkDeliveredAnswer,
  ZRemovedFile,
  ZUploadedFileList,
  ZUploadTargetList,
} from '@spacecapture/shared/contracts/provider-uploads';
import { ZDeliveredTourLink, ZDeliverTourLinkRequest } from '@spacecapture/shared/contracts/tour-links';
import { AppError, ZErrorResponse } from '@spacecapture/shared/errors';
import { PROVIDER_ROLES } from '@spacecapture/shared/roles';
import {
  FILE_SHA256_HEADER,
  MAX_PIECE_BYTES,
  PIECE_CHECKSUM_ALGORITHM,
  SHA256_HEX,
} from '@spacecapture/shared/upload-pieces';
import { type Locker, Metadata } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TActor } from '../../lib/actor.ts';
import { SIGNED_FILES_PATH } from '../../modules/storage/download-links.ts';
import { keyOfUploadId, UPLOAD_ID, uploadIdOf } from '../../modules/uploads/upload-keys.ts';
import { actorOf } from '../../plugins/auth.ts';
import { errorBody, toAppError } from '../../plugins/errors.ts';
import { declareRoutes } from '../declare-routes.ts';
import { guardedErrorResponses, idParams } from '../route-schemas.ts';
import { TusServerWithOurErrors } from './tus-server.ts';

const roles = PROVIDER_ROLES;
const tags = ['provider'];
const uploadParams = z.object({
  uploadId: z.string().max(200).regex(UPLOAD_ID, 'expected the id of an upload, as in its Location'),
});
const tusHeaders = z.object({ 'tus-resumable': z.string().optional() }).passthrough();

/**
 * What Fastify authorised for one request, handed to tus: the caller and the upload's key; for a
 * PATCH, the piece's SHA-256 from Upload-Checksum and the whole file's from Upload-File-Sha256.
 */
type TUploadContext = { actor: TActor; key: string; pieceSha256?: Buffer; fileSha256?: string };

/** tus's checksum extension: `Upload-Checksum: sha256 <base64 digest>`; undefined when absent. */
function pieceChecksumOf(header: string | string[] | undefined): Buffer | undefined {
  if (header === undefined) return undefined;
  const [algorithm, encoded, ...rest] = String(header).trim().split(/\s+/);
  if (algorithm?.toLowerCase() !== PIECE_CHECKSUM_ALGORITHM) {
    throw new AppError(
      'bad_request',
      `Upload-Checksum: the server checks pieces with ${PIECE_CHECKSUM_ALGORITHM} only.`,
      {
        'Upload-Checksum': `expected "${PIECE_CHECKSUM_ALGORITHM} <base64 digest>"`,
      },
    );
  }
  const digest = encoded && rest.length === 0 ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
  if (digest.length !== 32 || digest.toString('base64') !== encoded) {
    throw new AppError('bad_request', 'Upload-Checksum: the digest is not a base64 SHA-256.', {
      'Upload-Checksum': 'expected a base64 SHA-256 digest (32 bytes)',
    });
  }
  return digest;
}

/** The whole file's SHA-256 a finishing PATCH may carry (lower-case hex); undefined when absent. */
function fileSha256Of(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = String(header).trim().toLowerCase();
  if (!SHA256_HEX.test(value)) {
    throw new AppError('bad_request', `${FILE_SHA256_HEADER}: expected the file's SHA-256 in hex.`, {
      [FILE_SHA256_HEADER]: 'expected 64 hexadecimal digits',
    });
  }
  return value;
}

/**
 * Resumable deliverable uploads over tus 1.0 (creation, termination) at /api/provider/uploads
 * (decision 040), and the lists and "Mark delivered" around them. Fastify checks the caller and
 * the order on every request (create, HEAD, PATCH, DELETE) before tus sees it; tus then streams
 * the body straight to the store, so Fastify never parses it. tus acts on exactly the key Fastify
 * authorised (decision 062), never on one it reads from the URL itself.
 */
const providerUploadRoutes: FastifyPluginAsyncZod<{ locker?: Locker }> = async (app, options) => {
  const { uploads } = app.services;
  const route = declareRoutes(app, { roles, tags });
  /** The tus requests, which may also be refused as too large. */
  const tusErrors = { ...guardedErrorResponses, 413: ZErrorResponse };
  const tusRoute = declareRoutes(app, { roles, tags, errors: tusErrors });
  // Bytes received for the metrics: what each write moved the offset by. tus ends a write
  // gracefully when its client goes away, so an interrupted PATCH counts what it stored.
  const writeUpload = app.files.uploads.write.bind(app.files.uploads);
  app.files.uploads.write = async (readable, id, offset) => {
    const written = await writeUpload(readable, id, offset);
    app.countUploadedBytes(written - offset);
    return written;
  };
  const contexts = new WeakMap<IncomingMessage, TUploadContext>();
  const contextOf = (request: Request): TUploadContext => {
    const raw = (request as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const context = raw && contexts.get(raw);
    if (!context) throw new AppError('unauthenticated', 'Please sign in.');
    return context;
  };
  /** An error as tus answers it: the same AppError, status and shape as every other API answer. */
  const asTusError = (error: unknown) => {
    const appError = toAppError(error, 'upload');
    return {
      status_code: appError.status,
      body: JSON.stringify(errorBody(appError.code, appError.message, appError.fields)),
    };
  };

  // Discovery lists the checksum extension (decision 217); its algorithm is named on OPTIONS.
  if (!app.files.uploads.extensions.includes('checksum')) app.files.uploads.extensions.push('checksum');
  const tus = new TusServerWithOurErrors({
    path: UPLOADS_PATH,
    pieces: {
      expectedOf: (raw) => contexts.get(raw)?.pieceSha256 ?? null,
      mode: app.files.rewindUpload ? 'truncate' : 'stage',
      rewind: (key, offset) => uploads.rewindUpload(key, offset),
      stagingDir: () => app.files.tempDir(),
    },
    datastore: app.files.uploads,
    ...(options.locker ? { locker: options.locker } : {}),
    maxSize: app.config.uploadMaxBytes,
    relativeLocation: true,
    allowedOrigins: [new URL(app.config.publicUrl).origin],
    allowedHeaders: ['Upload-Checksum', FILE_SHA256_HEADER],
    exposedHeaders: ['Upload-Deliverable-Id'],
    // A finished upload is a deliverable's file: terminating it would pull the file from under it.
    disableTerminationForFinishedUploads: true,
    // The last check before tus creates the upload, once tus has accepted its headers: the
    // organisation's share of reserved space (decision 061). A refusal answers 413.
    onUploadCreate: async (request, upload) => {
      const { actor, key } = contextOf(request);
      await uploads.reserveSpace(actor, key, upload.size ?? app.config.uploadMaxBytes);
      return {};
    },
    namingFunction: (request) => contextOf(request).key,
    generateUrl: (_request, { path, id }) => `${path}/${uploadIdOf(id)}`,
    // tus would take the id from the raw URL's last "/", query string included; the key Fastify
    // authorised from the route parameter is the only one it may act on.
    getFileIdFromRequest: (request) => contextOf(request).key,
    onUploadFinish: async (request, upload) => {
      const { actor, fileSha256 } = contextOf(request);
      try {
        const recorded = await uploads.completeUpload(actor, {
          key: upload.id,
          size: upload.size ?? upload.offset,
          metadata: upload.metadata ?? {},
          ...(fileSha256 ? { fileSha256 } : {}),
        });
        return { headers: { 'Upload-Deliverable-Id': recorded.deliverableId } };
      } catch (error) {
        // Refused for good (wrong checksum, order gone or closed): the bytes go with it. Anything
        // else (the database briefly away) keeps the finished upload, so a retry can record it.
        if (error instanceof AppError) {
          await uploads.discardUpload(upload.id).catch(() => undefined);
        }
        if (!(error instanceof AppError)) app.log.error({ err: error, key: upload.id }, 'recording an upload failed');
        throw asTusError(error);
      }
    },
    onResponseError: (_request, error) => {
      // tus's own refusals (offset conflict, size, lock) carry a status and are put in our error
      // shape where tus writes them (tus-server.ts); anything else is ours to hide.
      if ('status_code' in error) return undefined;
      app.log.error({ err: error }, 'upload request failed');
      return asTusError(error);
    },
  });

  /**
   * All bytes arrived but recording failed for a passing reason (the database briefly away): the
   * client then sees a complete upload on its next HEAD and stops, so the HEAD records it first.
   * Recording is exactly-once, so a recorded upload costs one lookup here.
   */
  const recordIfFinished = async (caller: TActor, key: string) => {
    const upload = await app.files.uploads.getUpload(key).catch(() => null);
    if (!upload || upload.size === undefined || upload.offset !== upload.size) return;
    await uploads.completeUpload(caller, { key, size: upload.size, metadata: upload.metadata ?? {} });
  };

  const handOver = async (request: FastifyRequest, reply: FastifyReply, context?: TUploadContext) => {
    if (context) contexts.set(request.raw, context);
    // The security headers are already on the raw response (helmet sets them as the request arrives).
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  /** After tus has answered, a failed clean-up can only be logged (the sweep catches up within a week). */
  const logCleanupFailure = (key: string) => (error: unknown) =>
    app.log.error({ err: error, key }, 'freeing an upload’s reserved space failed');

  /**
   * An upload URL is the path and nothing else: tus clients never add a query string, and one that
   * does is not what was authorised.
   */
  const refuseQueryString = async (request: FastifyRequest) => {
    if (request.raw.url?.includes('?')) {
      throw new AppError('bad_request', 'An upload URL takes no query string.');
    }
  };

  // tus bodies are streamed by tus itself; Fastify must leave them unread.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  tusRoute.post(
    '/provider/uploads',
    {
      summary:
        'tus creation: start a resumable upload of a deliverable. Headers Tus-Resumable: 1.0.0, Upload-Length ' +
        '(bytes, at most UPLOAD_MAX_BYTES), Upload-Metadata with orderId, filename and optional sha256 (hex); ' +
        'answers 201 with the upload URL in Location',
      headers: tusHeaders,
      response: { 201: z.null().describe('Created; Location names the upload') },
      options: { compress: false, onRequest: refuseQueryString },
    },
    async (request, reply) => {
      const caller = actorOf(request);
      const length = request.headers['upload-length'];
      if (typeof length !== 'string' || !/^\d{1,16}$/.test(length)) {
        throw new AppError('validation_failed', 'Upload-Length is required: the size of the file in bytes.', {
          'Upload-Length': 'required',
        });
      }
      if (Number(length) === 0) {
        throw new AppError('validation_failed', 'The file is empty.', { 'Upload-Length': 'must be at least 1 byte' });
      }
      if (Number(length) > app.config.uploadMaxBytes) {
        throw new AppError(
          'payload_too_large',
          `The file is larger than the ${app.config.uploadMaxBytes} bytes allowed.`,
        );
      }
      let metadata: Record<string, string | null>;
      try {
        metadata = Metadata.parse(request.headers['upload-metadata'] as string | undefined);
      } catch {
        throw new AppError('validation_failed', 'Upload-Metadata is not valid tus metadata.');
      }
      const checked = await uploads.authorizeNewUpload(caller, metadata);
      const key = await uploads.reserveKey(checked);
      try {
        await handOver(request, reply, { actor: caller, key });
      } finally {
        // tus refused or failed the creation: the key and its share of the reserved space go.
        if (reply.raw.statusCode !== 201) await uploads.discardUpload(key).catch(logCleanupFailure(key));
      }
    },
  );

  const existing = (method: 'HEAD' | 'PATCH' | 'DELETE', summary: string, writing: boolean) =>
    app.route({
      method,
      url: '/provider/uploads/:uploadId',
      schema: {
        'x-roles': roles,
        tags,
        summary,
        params: uploadParams,
        headers: tusHeaders,
        response: { 204: z.null().describe('Done; Upload-Offset says how many bytes are stored'), ...tusErrors },
      },
      compress: false,
      // The OpenAPI document leaves HEAD routes out unless asked; this one is an operation of its own.
      config: { swagger: { exposeHeadRoute: true } },
      onRequest: refuseQueryString,
      handler: async (request, reply) => {
        const caller = actorOf(request);
        const key = keyOfUploadId(request.params.uploadId);
        if (!key) throw new AppError('not_found', 'Upload not found.');
        await uploads.authorizeUpload(caller, key, { writing });
        const context: TUploadContext = { actor: caller, key };
        if (method === 'PATCH') {
          // Checked before anything is read, so a malformed header changes nothing.
          const pieceSha256 = pieceChecksumOf(request.headers['upload-checksum'] as string | undefined);
          const fileSha256 = fileSha256Of(request.headers[FILE_SHA256_HEADER.toLowerCase()] as string | undefined);
          if (pieceSha256) context.pieceSha256 = pieceSha256;
          if (fileSha256) context.fileSha256 = fileSha256;
          if (Number(request.headers['content-length'] ?? 0) > MAX_PIECE_BYTES) {
            throw new AppError(
              'payload_too_large',
              `A piece may hold at most ${MAX_PIECE_BYTES} bytes; send smaller PATCHes.`,
            );
          }
        }
        if (method === 'HEAD') await recordIfFinished(caller, key);
        await handOver(request, reply, context);
      },
    });
  existing('HEAD', 'tus: how many bytes of the upload are stored (Upload-Offset) and its length', false);
  existing(
    'PATCH',
    'tus: append bytes at Upload-Offset (Content-Type application/offset+octet-stream); the last part records ' +
      'the deliverable (Upload-Deliverable-Id); optional Upload-Checksum (sha256, base64) checks the piece and ' +
      'Upload-File-Sha256 (hex) on the last piece checks the whole file; 409 on a wrong offset, 460 when a ' +
      'SHA-256 does not match (a refused piece is not kept: the offset stays)',
    true,
  );
  existing('DELETE', 'tus termination: abandon an unfinished upload and its bytes', true);

  // tus discovery and CORS preflight: what the server supports, for anyone (a preflight has no cookie).
  for (const url of ['/provider/uploads', '/provider/uploads/:uploadId']) {
    app.route({
      method: 'OPTIONS',
      url,
      schema: {
        'x-roles': ['public'],
        tags,
        summary: 'tus discovery: Tus-Version, Tus-Extension and Tus-Max-Size; answers CORS preflights',
        ...(url.endsWith(':uploadId') ? { params: uploadParams } : {}),
        response: {
          204: z.null().describe('The protocol versions, extensions and largest size'),
          400: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
      onRequest: refuseQueryString,
      handler: async (request, reply) => {
        reply.raw.setHeader('Tus-Checksum-Algorithm', PIECE_CHECKSUM_ALGORITHM);
        return handOver(request, reply);
      },
    });
  }

  route.get(
    '/provider/upload-targets',
    {
      summary: 'Orders the organisation holds the accepted assignment of, with whether files may be uploaded now',
      response: { 200: ZUploadTargetList },
    },
    async (request) => uploads.listTargets(actorOf(request)),
  );

  route.get(
    '/provider/files',
    {
      summary: 'Files of one order (latest 20) or the latest 10 uploads of all the organisation’s orders',
      querystring: ZListUploadedFilesQuery,
      response: { 200: ZUploadedFileList },
    },
    async (request) => uploads.listFiles(actorOf(request), request.query.order),
  );

  route.post(
    '/provider/files/:id/link',
    {
      summary: 'A signed URL for one file of an order the organisation holds, valid 300 seconds (for viewing)',
      params: idParams,
      response: { 200: ZDownloadLink },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return app.services.customer.createProviderLink(actorOf(request), request.params.id, SIGNED_FILES_PATH);
    },
  );

  route.delete(
    '/provider/files/:id',
    {
      summary:
        'Remove a file before its delivery: its row (job event, audit entry) and its stored bytes; 409 once the ' +
        'customer has had it delivered',
      params: idParams,
      response: { 200: ZRemovedFile },
    },
    async (request) => uploads.removeFile(actorOf(request), request.params.id),
  );

  route.post(
    '/provider/orders/:id/tour-links',
    {
      summary:
        'Deliver an external tour’s https address as a deliverable (decision 233): the host must be on the ' +
        'admins’ list; same rules as an upload; audited, the customer is e-mailed',
      params: idParams,
      body: ZDeliverTourLinkRequest,
      response: { 201: ZDeliveredTourLink },
    },
    async (request, reply) =>
      reply.status(201).send(await uploads.deliverTourLink(actorOf(request), request.params.id, request.body)),
  );

  route.post(
    '/provider/orders/:id/delivered',
    {
      summary: 'Mark delivered: captured → delivered once at least one file is uploaded; the customer is e-mailed',
      params: idParams,
      response: { 200: ZMarkDeliveredAnswer },
    },
    async (request) => uploads.markDelivered(actorOf(request), request.params.id),
  );
};

export default providerUploadRoutes;
