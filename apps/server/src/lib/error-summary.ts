/**
 * The cause of an error in one line, for a message that must stay one line (a failed start).
 * Libraries wrap the driver's error (Drizzle's "Failed query: …" has the statement in front), and
 * a failed connect to a name with several addresses is an AggregateError with no message of its
 * own: the innermost error with a message says what happened.
 */
export function summarizeError(error: unknown, maxLength = 300): string {
  let current: unknown = error;
  let message = '';
  for (let depth = 0; depth < 10 && current instanceof Object; depth++) {
    const {
      message: own,
      code,
      cause,
      errors,
    } = current as {
      message?: unknown;
      code?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof own === 'string' && own.trim() !== '') message = own;
    else if (typeof code === 'string' && message === '') message = code;
    if (cause instanceof Object) current = cause;
    else if (Array.isArray(errors) && errors.length > 0) current = errors[0];
    else break;
  }
  if (message === '') message = String(error);
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}
