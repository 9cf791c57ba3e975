import { isDatabaseBusy, isDatabaseUnavailable } from '@spacecapture/db/connection-errors';
import { AppError, type TErrorCode, type TErrorResponse } from '@spacecapture/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * One error shape for every API answer and one mapping from code to status. Clients never see a
 * stack trace or a database message; the log keeps them with the request id.
 */

/** Seconds a client should wait before retrying a request the database could not serve. */
const DATABASE_RETRY_AFTER_SECONDS = '2';

const FASTIFY_CODES: Record<string, { code: TErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Unsupported content type.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'Invalid Content-Length.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: 'The request body is not valid JSON.' },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large', message: 'The file is too large.' },
  FST_PARTS_LIMIT: { code: 'payload_too_large', message: 'Too many parts in the upload.' },
  FST_FILES_LIMIT: { code: 'payload_too_large', message: 'Too many files in the upload.' },
  FST_FIELDS_LIMIT: { code: 'payload_too_large', message: 'Too many fields in the upload.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'unsupported_media_type', message: 'Expected multipart/form-data.' },
};

export function errorBody(code: TErrorCode, message: string, fields?: Record<string, string>): TErrorResponse {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** The answer to an AppError: its status (the code's, unless a protocol names its own) and the one shape. */
export function sendAppError(reply: FastifyReply, error: AppError) {
  return reply
    .status(error.status)
    .type('application/json')
    .send(errorBody(error.code, error.message, error.fields));
}

export function sendError(reply: FastifyReply, code: TErrorCode, message: string, fields?: Record<string, string>) {
  return sendAppError(reply, new AppError(code, message, fields));
}

/**
 * A write with no room: the disk is full (ENOSPC), the quota spent (EDQUOT), or PostgreSQL says
 * so (SQLSTATE 53100, disk_full). Libraries wrap errors (`cause`), so the chain is searched.
 */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

export function isDiskFull(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    if (DISK_FULL_CODES.has(String((current as { code?: unknown }).code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The answer to a write the disk had no room for, or undefined for any other error. An upload is
 * told 507 (its bytes have nowhere to go); any other request 503, to be retried later. The
 * uploads route's tus answers ask toAppError with 'upload'.
 */
export function diskFullError(error: unknown, where: 'upload' | 'request'): AppError | undefined {
  if (!isDiskFull(error)) return undefined;
  return where === 'upload'
    ? new AppError('insufficient_storage', 'The server has no room for this upload right now. Please try again later.')
    : new AppError('unavailable', 'The server is out of storage space. Please try again later.');
}

/**
 * Any error a request can end in, as the one AppError its answer is built from: the error handler
 * below, the form posts' pages and the tus answers of uploads all read it from here.
 */
export function toAppError(error: unknown, where: 'upload' | 'request' = 'request'): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof Error)) return new AppError('internal', 'Something went wrong on our side. Please try again.');
  const diskFull = diskFullError(error, where);
  if (diskFull) return diskFull;
  if (isDatabaseBusy(error)) return new AppError('unavailable', 'The server is busy. Please retry shortly.');
  if (isDatabaseUnavailable(error)) {
    return new AppError('unavailable', 'The database cannot be reached right now. Please retry shortly.');
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      fields[key] ??= issue.message ?? 'Invalid value.';
    }
    const where = (error as FastifyError).validationContext ?? 'request';
    return new AppError('validation_failed', `Some ${where} fields are invalid.`, fields);
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) return new AppError(known.code, known.message);
  // Body parser syntax errors (malformed JSON) arrive as 400 without one of the codes above.
  if (fastifyError.statusCode === 400) return new AppError('bad_request', 'The request could not be read.');
  if (fastifyError.statusCode === 413) return new AppError('payload_too_large', 'The request body is too large.');
  if (fastifyError.statusCode === 415) return new AppError('unsupported_media_type', 'Unsupported content type.');
  if (fastifyError.statusCode === 404) return new AppError('not_found', 'Not found.');
  return new AppError('internal', 'Something went wrong on our side. Please try again.');
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const appError = toAppError(error);
      if (isDiskFull(error)) {
        request.log.error({ err: error }, 'request failed: no space left under DATA_DIR');
        reply.header('Retry-After', '60');
      } else if (isDatabaseBusy(error)) {
        // Overload, as load shedding's 503 (decision 184): one line at info, not a warning each.
        request.log.info({ reason: error.message }, 'request refused: the database queue is past its deadline');
        reply.header('Retry-After', '1');
      } else if (isDatabaseUnavailable(error)) {
        // The pool reconnects on the next query; the client is told when to try again.
        request.log.warn({ err: error }, 'request failed: database unreachable');
        reply.header('Retry-After', DATABASE_RETRY_AFTER_SECONDS);
      } else if (appError.code === 'internal') request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: appError.code, reason: error.message }, 'request refused');
      return sendAppError(reply, appError);
    });
  },
  { name: 'errors' },
);
