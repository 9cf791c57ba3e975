import { ZErrorResponse } from '@spacecapture/shared/errors';
import type { z } from 'zod';

/** An API failure: HTTP status (0 when the server could not be reached), error code, message, field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type TApiRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body (sent with `Content-Type: application/json`). */
  json?: unknown;
  /** A multipart body; the browser sets the boundary. */
  formData?: FormData;
  /** One file as the whole body, typed as the file is (an organisation's logo). */
  file?: Blob;
  /** Sent as the `Idempotency-Key` header so a retried submission is stored once. */
  idempotencyKey?: string;
  /** The success body's schema; a body that does not match is an error. */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Turns any failed response into an ApiError; the message is empty when the server gave none. */
export function toApiError(status: number, body: unknown): ApiError {
  const parsed = ZErrorResponse.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(status, code, message, fields ?? {});
  }
  return new ApiError(status, status === 429 ? 'rate_limited' : 'http_error', '');
}

/** The one fetch wrapper of the web app: same-origin JSON API under /api. */
export async function apiRequest<T>(path: string, options: TApiRequestOptions<T>): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.formData) {
    body = options.formData;
  } else if (options.file) {
    headers.set('Content-Type', options.file.type || 'application/octet-stream');
    body = options.file;
  }
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', '');
  }

  const payload = await readBody(response);
  if (!response.ok) throw toApiError(response.status, payload);
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, 'invalid_response', '');
  return parsed.data;
}
