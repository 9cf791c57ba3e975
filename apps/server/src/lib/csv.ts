import { Readable } from 'node:stream';

/**
 * CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF line ends, fields with a comma,
 * quote or line break in double quotes with inner quotes doubled), protected against formula
 * injection: a text cell that starts with = + - @ (or a tab or carriage return, which some
 * spreadsheets skip before looking for those) gets a leading single quote, so a spreadsheet shows
 * it as text instead of running it (OWASP "CSV Injection").
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** A cell's text: numbers and booleans as written; dates in ISO 8601; objects as JSON; text protected. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A stream of CSV text from a header and batches of rows, read lazily as the client takes it. */
export function csvStream(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): Readable {
  async function* lines() {
    yield csvRow(header);
    for await (const batch of batches) {
      if (batch.length > 0) yield batch.map(csvRow).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** `attachment; filename="…"` for a generated (ASCII, no quotes) file name. */
export function attachment(fileName: string) {
  return `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
