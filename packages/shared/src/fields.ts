import { z } from 'zod';

/**
 * Reusable bounded field schemas. Every string from outside is trimmed and capped, so nothing
 * unbounded reaches the database.
 */

export const FIELD_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  shortText: 200,
  url: 500,
  longText: 5000,
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to remove them
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Invisible control characters (a pasted NUL, say) carry no meaning in a form and PostgreSQL
 * refuses NUL in text: they are removed; tabs and line breaks stay.
 */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '');
}

export function boundedText(max: number, minLength?: { min: number; message: string }) {
  const base = z.string({ error: minLength?.message }).overwrite(withoutControlCharacters).trim();
  const withMin = minLength ? base.min(minLength.min, minLength.message) : base;
  return withMin.max(max, `Must be at most ${max} characters.`);
}

export function emailField(message: string) {
  return z
    .string({ error: message })
    .overwrite(withoutControlCharacters)
    .trim()
    .max(FIELD_LIMITS.email, `Must be at most ${FIELD_LIMITS.email} characters.`)
    .pipe(z.email(message));
}

/** Optional free text: empty strings become null so "not given" has one representation. */
export function optionalText(max: number) {
  return z
    .string()
    .overwrite(withoutControlCharacters)
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export function requiredChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

export const ZUuid = z.uuid();
