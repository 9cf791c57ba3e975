import { type TErrorCode, ZErrorResponse } from '@spacecapture/shared/errors';
import { Server } from '@tus/server';
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
