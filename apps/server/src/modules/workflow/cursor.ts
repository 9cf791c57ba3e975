import { AppError } from '@spacecapture/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Keyset pagination on (created_at, id), newest first: a page costs the same however many rows
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
