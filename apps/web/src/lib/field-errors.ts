import type { z } from 'zod';
import { ApiError } from './api-client.ts';

/** The first message per top-level field ("capabilities.3" counts as "capabilities"). */
export function fieldErrorsOf(entries: Iterable<[string, string]>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of entries) {
    const field = path.split('.')[0] ?? path;
    errors[field] ??= message;
  }
  return errors;
}

export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  return fieldErrorsOf(error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

/** A server refusal's field messages (400), or {} when it is not about fields. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? fieldErrorsOf(Object.entries(error.fields)) : {};
}
