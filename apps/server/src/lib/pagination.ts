import { AppError } from '@spacecapture/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset pagination on (created_at, id), newest first, for every list of the API: a page costs the same however many rows
 * came before it. The cursor keeps created_at as PostgreSQL prints it (microseconds; a JS Date
 * would round to milliseconds and skip rows), and is opaque to clients.
 */

export type TCursor = { at: string; id: string };

/** Select this beside a row to build its cursor: created_at to the microsecond. */
export function cursorKey(createdAt: PgColumn) {
  return sql<string>`${createdAt}::text`;
}

export function encodeCursor(key: TCursor) {
  return Buffer.from(JSON.stringify({ at: key.at, id: key.id })).toString('base64url');
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeCursor(cursor: string | undefined): TCursor | undefined {
  if (!cursor) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      typeof value.at === 'string' &&
      TIMESTAMP.test(value.at) &&
      typeof value.id === 'string' &&
      UUID.test(value.id)
    ) {
      return { at: value.at, id: value.id };
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError('bad_request', 'The cursor is not valid.');
}

/** Rows strictly after the cursor in (created_at desc, id desc) order (a row comparison the index serves). */
export function afterCursor(
  columns: { createdAt: PgColumn; id: PgColumn },
  cursor: TCursor | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${columns.createdAt}, ${columns.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * ORDER BY for a newest-first keyset page that the (created_at desc, id desc) indexes can serve.
 * Drizzle writes an index column declared `.desc()` as DESC NULLS LAST, while `desc(column)` in a
 * query means DESC NULLS FIRST (PostgreSQL's default); PostgreSQL does not treat the two as the
 * same order even for NOT NULL columns, so a query ordered by `desc()` cannot walk such an index
 * and sorts the whole table instead. Ordering NULLS LAST matches the indexes.
 */
export function newestFirst(createdAt: PgColumn, id: PgColumn): SQL[] {
  return [sql`${createdAt} desc nulls last`, sql`${id} desc nulls last`];
}

/** ILIKE "contains" pattern with the user's % _ and \ taken literally (the lists' search boxes). */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Rows were fetched one beyond the page, to know whether another page follows. */
export function toPage<R extends { cursorAt: string }, V>(
  rows: R[],
  limit: number,
  idOf: (row: R) => string,
  view: (row: R) => V,
) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(view),
    nextCursor: rows.length > limit && last ? encodeCursor({ at: last.cursorAt, id: idOf(last) }) : null,
  };
}
