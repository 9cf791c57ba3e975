import { createHash } from 'node:crypto';

/**
 * A site address as a property compares it (decision 237): Unicode-normalised (NFKC, so composed
 * and decomposed accents and full-width letters are one), lower case in every script, each run of
 * characters that are neither letters, marks nor digits turned into one space, trimmed.
 * "4 Harbour Road, Leeds" and "4 harbour road leeds" are one site; "4 Harbour Rd" is another.
 */
export function siteAddressOf(location: string): string {
  return location
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** What propertyKeyOf makes: 22 base64url characters. */
export const PROPERTY_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/**
 * An order's property key: the first 132 bits of the SHA-256 of its normalised site address, as
 * 22 base64url characters. Opaque and of fixed length whatever was typed; the same site gives the
 * same key in every organisation, so every query by it also filters by the organisation.
 */
export function propertyKeyOf(location: string): string {
  return createHash('sha256').update(siteAddressOf(location)).digest('base64url').slice(0, 22);
}
