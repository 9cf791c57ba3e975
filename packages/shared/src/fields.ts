import { z } from 'zod';

/**
 * Reusable bounded field schemas. Every text from outside (bodies, query strings, text path
 * parameters) goes through `boundedText`: trimmed, capped, and refused when it holds a control
 * character, so nothing unbounded or invisible reaches the database (decision 067).
 */

export const FIELD_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  shortText: 200,
  url: 500,
  longText: 5000,
} as const;

export const TEXT_MESSAGES = {
  singleLine: 'Must be a single line without control characters.',
  multiLine: 'Must not contain control characters.',
} as const;

/*
 * Control characters are C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F). They carry no meaning in
 * a form, PostgreSQL refuses NUL in text, and a stripped one would silently change what was sent:
 * they are refused instead. A single-line field keeps only the tab; a multi-line field also keeps
 * line feeds and carriage returns (a browser's textarea sends CRLF in a form post).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to refuse them
export const SINGLE_LINE_TEXT = /^[^\u0000-\u0008\u000A-\u001F\u007F-\u009F]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to refuse them
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

export type TTextOptions = {
  /** Fewest characters after trimming. */
  min?: number;
  /** The field's own message for a missing value and for too few characters. */
  message?: string;
  /** The field's own message for too many characters; `Must be at most N characters.` otherwise. */
  maxMessage?: string;
  /** Messages, notes, additional information: line breaks are kept. Every other field is one line. */
  multiline?: boolean;
};

/** The one schema of free text from outside: trimmed, at most `max` characters, no control characters. */
export function boundedText(max: number, options: TTextOptions = {}) {
  const { min, message, maxMessage = `Must be at most ${max} characters.`, multiline = false } = options;
  const text = z
    .string(message === undefined ? undefined : { error: message })
    .trim()
    .regex(
      multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT,
      multiline ? TEXT_MESSAGES.multiLine : TEXT_MESSAGES.singleLine,
    );
  const withMin =
    min === undefined ? text : text.min(min, message ?? `Must be at least ${min} character${min === 1 ? '' : 's'}.`);
  return withMin.max(max, maxMessage);
}

export function emailField(message: string) {
  return boundedText(FIELD_LIMITS.email, { message }).pipe(z.email(message));
}

/** Optional free text: empty strings become null so "not given" has one representation. */
export function optionalText(max: number, options: Omit<TTextOptions, 'min'> = {}) {
  return boundedText(max, options)
    .nullish()
    .transform((value) => (value ? value : null));
}

export function requiredChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}
