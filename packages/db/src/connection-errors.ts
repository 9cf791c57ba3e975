/**
 * Errors that say the database cannot be reached right now (the link dropped, the server restarts
 * or refuses connections), as opposed to errors of the statement itself. A request that fails with
 * one is worth retrying shortly: the API answers 503 with Retry-After instead of 500.
 */

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that dropped or refused the session: admin_shutdown (57P01, e.g.
 * pg_terminate_backend), crash_shutdown, cannot_connect_now (starting up), too_many_connections;
 * class 08 is every connection exception.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a lost or unreachable connection with these messages and no code. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps driver errors (`cause`), and a failed connect may be an AggregateError.
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 10; seen++) {
    const current = pending.shift();
    if (!(current instanceof Object)) continue;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    if (cause !== undefined) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/**
 * The code of a statement the embedded database refused because it waited past its queue
 * deadline before it could start (decision 184): SQLSTATE class 53, insufficient resources.
 * Nothing of it ran; the caller is told the server is busy (503 with Retry-After).
 */
export const DATABASE_BUSY_CODE = '53000';

export function isDatabaseBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Object && depth < 10; depth++) {
    if ((current as { code?: unknown }).code === DATABASE_BUSY_CODE) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
