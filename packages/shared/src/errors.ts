import { z } from 'zod';

/** One error shape and one mapping from code to HTTP status, for every API response. */

export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  weak_password: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  invite_required: 403,
  email_not_verified: 403,
  mfa_required: 403,
  not_found: 404,
  conflict: 409,
  /** Something that existed and is no longer served (an expired or revoked share link). */
  gone: 410,
  /** A protocol precondition (tus: the Tus-Resumable version). */
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  /** No room to store an upload (HTTP 507 Insufficient Storage). */
  insufficient_storage: 507,
} as const;
export type TErrorCode = keyof typeof ERROR_STATUS;

export const ZErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** A status other than the code's, only where a protocol names its own (tus: 460 Checksum Mismatch). */
  readonly #status: number | undefined;

  constructor(code: TErrorCode, message: string, fields?: Record<string, string>, options?: { status?: number }) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.#status = options?.status;
  }

  get status(): number {
    return this.#status ?? ERROR_STATUS[this.code];
  }
}

/** Turns zod issues into one message per field (the first issue of each field wins). */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
